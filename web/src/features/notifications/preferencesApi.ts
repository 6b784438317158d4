import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, ApiError, unwrap } from '../../api/client';
import { TOKEN_KEY } from '../../api/token';
import { currentLanguage } from '../../i18n';
import type { components } from '../../api/schema';

/** One kind of notice and where it goes besides the app (in-app is always on). */
export interface KindPreference {
  tipo: string;
  nombre: string;
  descripcion: string;
  email: boolean;
  push: boolean;
  /** Urgent kinds ignore quiet hours. */
  urgente: boolean;
}

export interface QuietHours {
  desde: string;
  hasta: string;
}

export type SummaryFrequency = 'diario' | 'semanal' | 'nunca';

export interface Preferences {
  tipos: KindPreference[];
  /** Absent or null: no quiet hours. */
  silencio?: QuietHours | null;
  discreto: boolean;
  resumen: SummaryFrequency;
  zonaHoraria: string;
}

export interface PreferencesInput {
  tipos: { tipo: string; email: boolean; push: boolean }[];
  silencio: QuietHours | null;
  discreto: boolean;
  resumen: SummaryFrequency;
}

export interface Device {
  _id: string;
  endpoint: string;
  agente: string;
  creado: string;
}

/** What an unsubscribe link stops: a kind, the summary mail (`resumen`) or every mail (`todo`). */
export type Unsubscription = components['schemas']['Unsubscription'];

export const preferencesKey = ['notificaciones', 'preferencias'] as const;
export const devicesKey = ['notificaciones', 'dispositivos'] as const;

interface ErrorShape {
  msg?: string;
  error?: string;
  code?: string;
  errors?: Record<string, string>;
}

/**
 * Calls the notifications API the way the typed client does (language, session token) and
 * unwraps `data`, or throws an ApiError with the server's message, else `fallback`.
 */
export async function send<T>(method: string, path: string, fallback: string, body?: unknown): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const token = window.localStorage.getItem(TOKEN_KEY);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await globalThis.fetch(new Request(new URL(path, window.location.origin), { method, headers, body: body === undefined ? null : JSON.stringify(body) }));
  } catch {
    throw new ApiError(0, fallback, 'network');
  }
  const json = (await response.json().catch(() => null)) as ({ data?: T } & ErrorShape) | null;
  if (response.ok && json) return json.data as T;
  throw new ApiError(response.status, json?.msg ?? json?.error ?? fallback, json?.code, json?.errors);
}

export function usePreferences() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: preferencesKey,
    queryFn: async () => (await unwrap(api.GET('/api/notificaciones/preferencias'), t('notificationSettings.loadFailed'))).data as Preferences,
  });
}

export function useSavePreferences() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PreferencesInput) =>
      (await unwrap(api.PUT('/api/notificaciones/preferencias', { body }), t('notificationSettings.saveFailed'))).data as Preferences,
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}

export function useDevices(enabled: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: devicesKey,
    enabled,
    queryFn: () => send<Device[]>('GET', '/api/notificaciones/dispositivos', t('notificationSettings.device.listFailed')),
  });
}

export function useRemoveDevice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send<unknown>('DELETE', `/api/notificaciones/dispositivos/${encodeURIComponent(id)}`, t('notificationSettings.device.removeFailed')),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Device[]>(devicesKey, (list) => list?.filter((d) => d._id !== id));
      void queryClient.invalidateQueries({ queryKey: devicesKey });
    },
  });
}

export function useTestPush() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => send<{ enviados: number }>('POST', '/api/notificaciones/dispositivos/prueba', t('notificationSettings.device.testFailed')),
  });
}

export const fetchUnsubscription = async (token: string, fallback: string): Promise<Unsubscription> =>
  (await unwrap(api.GET('/api/notificaciones/baja', { params: { query: { t: token } } }), fallback)).data;

export const confirmUnsubscription = async (token: string, fallback: string): Promise<Unsubscription> =>
  (await unwrap(api.POST('/api/notificaciones/baja', { params: { query: { t: token } } }), fallback)).data;
