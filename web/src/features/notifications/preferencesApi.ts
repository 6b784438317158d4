import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';
import { notificationsKey } from './api';

/** One kind of notice and where it goes besides the app (in-app is always on); `siempre`: mail and push go out whatever the choice (emergencies). */
export type KindPreference = components['schemas']['KindPreference'];

export type QuietHours = components['schemas']['QuietHours'];

export type SummaryFrequency = components['schemas']['SummaryFrequency'];

/** `silencio` absent or null: no quiet hours. */
export type Preferences = components['schemas']['Preferences'];

export type PreferencesInput = components['schemas']['PreferencesInput'];

export type Device = components['schemas']['DeviceView'];

/** What an unsubscribe link stops: a kind, the summary mail (`resumen`) or every mail (`todo`). */
export type Unsubscription = components['schemas']['Unsubscription'];

export const preferencesKey = [...notificationsKey, 'preferences'] as const;
export const devicesKey = [...notificationsKey, 'devices'] as const;

export function usePreferences() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: preferencesKey,
    queryFn: async () => (await unwrap(api.GET('/api/notificaciones/preferencias'), t('notificationSettings.loadFailed'))).data,
  });
}

export function useSavePreferences() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PreferencesInput) =>
      (await unwrap(api.PUT('/api/notificaciones/preferencias', { body }), t('notificationSettings.saveFailed'))).data,
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}

export function useDevices(enabled: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: devicesKey,
    enabled,
    queryFn: () => fetchDevices(t('notificationSettings.device.listFailed')),
  });
}

export function useRemoveDevice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDevice(id, t('notificationSettings.device.removeFailed')),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Device[]>(devicesKey, (list) => list?.filter((d) => d._id !== id));
      void queryClient.invalidateQueries({ queryKey: devicesKey });
    },
  });
}

export function useTestPush() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () => (await unwrap(api.POST('/api/notificaciones/dispositivos/prueba'), t('notificationSettings.device.testFailed'))).data,
  });
}

export const fetchUnsubscription = async (token: string, fallback: string): Promise<Unsubscription> =>
  (await unwrap(api.GET('/api/notificaciones/baja', { params: { query: { t: token } } }), fallback)).data;

export const confirmUnsubscription = async (token: string, fallback: string): Promise<Unsubscription> =>
  (await unwrap(api.POST('/api/notificaciones/baja', { params: { query: { t: token } } }), fallback)).data;

export const fetchDevices = async (fallback: string): Promise<Device[]> =>
  (await unwrap(api.GET('/api/notificaciones/dispositivos'), fallback)).data;

export const deleteDevice = (id: string, fallback: string) =>
  unwrap(api.DELETE('/api/notificaciones/dispositivos/{id}', { params: { path: { id } } }), fallback);

export const fetchPushKey = async (fallback: string): Promise<string> =>
  (await unwrap(api.GET('/api/notificaciones/clave-push'), fallback)).data.clave;

export const registerDevice = async (subscription: PushSubscriptionJSON, fallback: string): Promise<string> =>
  (await unwrap(api.POST('/api/notificaciones/dispositivos', { body: subscription }), fallback)).data._id;
