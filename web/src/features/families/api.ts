import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { childrenKey } from '../../api/children';
import { familiesKey, type Member } from '../../api/families';
import type { components } from '../../api/schema';

export { familiesKey, useFamilies, type Family, type Member } from '../../api/families';
export type FamilyInput = { nombre: string; zonaHoraria: string };
export type NewFamily = components['schemas']['NewFamily'];
export type MemberChange = { permiso?: Member['permiso']; relacion?: Member['relacion']; esAdmin?: boolean };

export function useCreateFamily() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewFamily) => unwrap(api.POST('/api/familias', { body }), t('families.new.failed')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familiesKey }),
  });
}

export function useUpdateFamily() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FamilyInput }) =>
      unwrap(api.PUT('/api/familias/{id}', { params: { path: { id } }, body }), t('families.settings.failed')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familiesKey }),
  });
}

export function useUpdateMember() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, miembroId, body }: { id: string; miembroId: string; body: MemberChange }) =>
      unwrap(
        api.PUT('/api/familias/{id}/miembros/{miembroId}', { params: { path: { id, miembroId } }, body }),
        t('families.members.changeFailed'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: familiesKey }),
  });
}

/** Removes a member, or leaves the family when the id is one's own: the children may change too. */
export function useRemoveMember() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, miembroId }: { id: string; miembroId: string }) =>
      unwrap(
        api.DELETE('/api/familias/{id}/miembros/{miembroId}', { params: { path: { id, miembroId } } }),
        t('families.members.removeFailed'),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: familiesKey }),
        queryClient.invalidateQueries({ queryKey: childrenKey }),
      ]),
  });
}
