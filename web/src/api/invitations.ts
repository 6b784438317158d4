import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import { api, unwrap } from './client';
import type { components } from './schema';
import { childrenKey } from './children';
import { familiesKey, type Member } from './families';

export type Permission = Member['permiso'];
export type Relation = Member['relacion'];
export type MailLanguage = components['schemas']['Lang'];
export type Invitation = components['schemas']['InvitationView'];
export type FamilyInvitations = components['schemas']['FamilyInvitations'];
export type ReceivedInvitation = components['schemas']['ReceivedInvitation'];
export type InvitationLookup = components['schemas']['InvitationPreview'];
export type BlockedUser = components['schemas']['BlockedView'];
export type Person = components['schemas']['PersonView'];

export type InviteInput = { email: string; permiso: Permission; relacion: Relation; idioma: MailLanguage };
export type CodeInput = { permiso: Permission; relacion: Relation };

// ---- calls ----

export const invitationsKey = (familyId: string) => [...familiesKey, familyId, 'invitations'] as const;
export const receivedKey = ['invitations', 'received'] as const;
export const blockedKey = ['blocked'] as const;

/** The family's pending email invitations and its linking code (co-parents only). */
export function useFamilyInvitations(familyId: string, enabled: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: invitationsKey(familyId),
    enabled,
    queryFn: async () =>
      (await unwrap(api.GET('/api/familias/{id}/invitaciones', { params: { path: { id: familyId } } }), t('families.pending.loadFailed'))).data,
  });
}

export function useInvite(familyId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteInput) =>
      unwrap(api.POST('/api/familias/{id}/invitaciones', { params: { path: { id: familyId } }, body }), t('families.invite.failed')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(familyId) }),
  });
}

export function useResendInvitation(familyId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitacionId: string) =>
      unwrap(
        api.POST('/api/familias/{id}/invitaciones/{invitacionId}/reenviar', { params: { path: { id: familyId, invitacionId } } }),
        t('families.pending.resendFailed'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey(familyId) }),
  });
}

export function useRevokeInvitation(familyId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitacionId: string) =>
      unwrap(
        api.DELETE('/api/familias/{id}/invitaciones/{invitacionId}', { params: { path: { id: familyId, invitacionId } } }),
        t('families.pending.revokeFailed'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey(familyId) }),
  });
}

/** A new linking code; the server revokes the previous one. */
export function useCreateCode(familyId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodeInput) =>
      unwrap(api.POST('/api/familias/{id}/codigo', { params: { path: { id: familyId } }, body }), t('families.code.failed')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(familyId) }),
  });
}

export function useReceivedInvitations() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: receivedKey,
    queryFn: async () => (await unwrap(api.GET('/api/invitaciones/recibidas'), t('families.received.loadFailed'))).data,
  });
}

export type AcceptBody = { token: string } | { codigo: string } | { invitacionId: string };

/** Joins a family (by mailed token, code, or a received invitation): families and children change. */
export function useAcceptInvitation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AcceptBody) =>
      (await unwrap(api.POST('/api/invitaciones/aceptar', { body }), t('families.join.failed'))).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: familiesKey }),
        queryClient.invalidateQueries({ queryKey: childrenKey }),
        queryClient.invalidateQueries({ queryKey: receivedKey }),
      ]),
  });
}

export function useDeclineInvitation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitacionId: string) =>
      unwrap(api.DELETE('/api/invitaciones/recibidas/{invitacionId}', { params: { path: { invitacionId } } }), t('families.received.failed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: receivedKey }),
  });
}

/** Public: who invites, to which family; 404/410 carry the server's reason. */
export const lookupInvitation = async (query: { token: string } | { codigo: string }, fallback: string) =>
  (await unwrap(api.GET('/api/invitaciones/consulta', { params: { query } }), fallback)).data;

export function useBlocked() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: blockedKey,
    queryFn: async () => (await unwrap(api.GET('/api/usuarios/bloqueados'), t('blocked.loadFailed'))).data,
  });
}

/** Blocking changes the members' badges and hides their invitations. */
function useRefreshAfterBlocking() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: blockedKey }),
      queryClient.invalidateQueries({ queryKey: familiesKey }),
      queryClient.invalidateQueries({ queryKey: receivedKey }),
    ]);
}

export function useBlock() {
  const { t } = useTranslation();
  const refresh = useRefreshAfterBlocking();
  return useMutation({
    mutationFn: (usuarioId: string) => unwrap(api.POST('/api/usuarios/bloqueados', { body: { usuarioId } }), t('families.block.failed')),
    onSuccess: refresh,
  });
}

export function useUnblock() {
  const { t } = useTranslation();
  const refresh = useRefreshAfterBlocking();
  return useMutation({
    mutationFn: (usuarioId: string) =>
      unwrap(api.DELETE('/api/usuarios/bloqueados/{usuarioId}', { params: { path: { usuarioId } } }), t('blocked.unblockFailed')),
    onSuccess: refresh,
  });
}
