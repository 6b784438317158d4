import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { profileKey, summaryKey } from '../../api/queryKeys';
import type { components } from '../../api/schema';

export type Profile = components['schemas']['ProfileAnswer'];
export type ProfileInput = components['schemas']['ProfileRequest'];
export type SessionInfo = components['schemas']['SessionView'];
export type Summary = components['schemas']['Summary'];

export { profileKey, summaryKey };
export const sessionsKey = [...profileKey, 'sessions'] as const;

export function useProfile() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: profileKey,
    queryFn: () => unwrap(api.GET('/api/usuarios/perfil'), t('profile.edit.loadFailed')),
  });
}

export function useSummary() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: summaryKey,
    queryFn: async () => (await unwrap(api.GET('/api/usuarios/resumen'), t('profile.hub.countersFailed'))).data,
  });
}

/** Every change to the profile answers the whole profile: keep it as the cached one. */
function useStoreProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) => queryClient.setQueryData(profileKey, profile);
}

export function useUpdateProfile(fallbackKey = 'profile.edit.personal.failed') {
  const { t } = useTranslation();
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (body: ProfileInput) => unwrap(api.PUT('/api/usuarios/perfil', { body }), t(fallbackKey)),
    onSuccess: store,
  });
}

export function useUploadProfilePhoto() {
  const { t } = useTranslation();
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('foto', file);
      return unwrap(
        api.POST('/api/usuarios/perfil/foto', { body: { foto: '' }, bodySerializer: () => form }),
        t('profile.edit.photo.failed'),
      );
    },
    onSuccess: store,
  });
}

export function useDeleteProfilePhoto() {
  const { t } = useTranslation();
  const store = useStoreProfile();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/usuarios/perfil/foto'), t('profile.edit.photo.removeFailed')),
    onSuccess: store,
  });
}

export function useChangePassword() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      unwrap(api.POST('/api/usuarios/password', { body }), t('profile.edit.security.failed')),
    // The server ends every other session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSessions() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await unwrap(api.GET('/api/usuarios/sesiones'), t('profile.privacy.sessions.loadFailed'))).data,
  });
}

export function useEndSession() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.DELETE('/api/usuarios/sesiones/{id}', { params: { path: { id } } }), t('profile.privacy.sessions.endFailed')),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<SessionInfo[]>(sessionsKey, (list) => list?.filter((s) => s._id !== id));
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

export function useEndOtherSessions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/usuarios/sesiones'), t('profile.privacy.sessions.endFailed')),
    onSuccess: () => {
      queryClient.setQueryData<SessionInfo[]>(sessionsKey, (list) => list?.filter((s) => s.actual));
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

export function useResendVerification() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/usuarios/verificar-email'), t('profile.verify.resendFailed')),
  });
}

/** The links mailed for a first verification and for an email change; public, no session needed. */
export type EmailLink = 'verify' | 'confirm';

export const followEmailLink = (kind: EmailLink, token: string, fallback: string) =>
  kind === 'verify'
    ? unwrap(api.POST('/api/usuarios/verificar-email/{token}', { params: { path: { token } } }), fallback)
    : unwrap(api.POST('/api/usuarios/confirmar-email/{token}', { params: { path: { token } } }), fallback);

// ---- two-step verification ----

export type TwoFactorStatus = components['schemas']['TwoFactorStatus'];
export type TwoFactorSetup = components['schemas']['TwoFactorSetup'];

export const twoFactorKey = [...profileKey, 'two-factor'] as const;

export function useTwoFactorStatus() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: async (): Promise<TwoFactorStatus> =>
      (await unwrap(api.GET('/api/usuarios/2fa'), t('profile.privacy.twoFactor.loadFailed'))).data,
  });
}

/** A new secret to set up the app with (the QR code and the key typed by hand); any earlier one stops working. */
export function useStartTwoFactor() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (password: string) =>
      (await unwrap(api.POST('/api/usuarios/2fa/configurar', { body: { password } }), t('profile.privacy.twoFactor.startFailed'))).data,
  });
}

/** Turns it on with a first code from the app; answers the ten recovery codes, shown this once. */
export function useEnableTwoFactor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await unwrap(api.POST('/api/usuarios/2fa/activar', { body: { code } }), t('profile.privacy.twoFactor.enableFailed'))).data.recoveryCodes,
    onSuccess: (codes) => queryClient.setQueryData<TwoFactorStatus>(twoFactorKey, { enabled: true, recoveryCodesLeft: codes.length }),
  });
}

export function useDisableTwoFactor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      unwrap(api.POST('/api/usuarios/2fa/desactivar', { body }), t('profile.privacy.twoFactor.offFailed')),
    onSuccess: () => queryClient.setQueryData<TwoFactorStatus>(twoFactorKey, { enabled: false, recoveryCodesLeft: 0 }),
  });
}

// ---- your data, closing the account ----

/** The ZIP of everything Nido holds about the user and their children (as a Blob to save). */
export function useExportData() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => unwrap(api.GET('/api/usuarios/exportar', { parseAs: 'blob' }), t('profile.privacy.data.failed')),
  });
}

/** Closes the account: the server ends every session at once (this one too). */
export function useCloseAccount() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: { password: string; confirmacion: string }) =>
      unwrap(api.DELETE('/api/usuarios/perfil', { body }), t('profile.edit.danger.failed')),
  });
}
