import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { api, unwrap } from '../../../api/client';
import { familiesKey } from '../../../api/families';
import type { AccessKind, Area, Profession } from '../../../api/professionals';

export type { Access, AccessKind, AccessState, Area, Case, Profession } from '../../../api/professionals';
export { casesKey, useCases } from '../../../api/professionals';

export interface GrantInput {
  email: string;
  profesion: Profession;
  tipo: AccessKind;
  alcance: { areas: Area[]; hijos?: string[] | null; desde?: string | null; hasta?: string | null };
  venceAt: string;
  idioma: 'es' | 'en';
}

export const accessesKey = (familyId: string) => [...familiesKey, familyId, 'professionals'] as const;

/** The family's professional accesses, as every member sees them (the log for whoever reads it). */
export function useAccesses(familyId: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: accessesKey(familyId),
    queryFn: async () =>
      (await unwrap(api.GET('/api/familias/{id}/profesionales', { params: { path: { id: familyId } } }), t('families.professionals.loadFailed'))).data,
  });
}

export function useGrant(familyId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantInput) =>
      unwrap(api.POST('/api/familias/{id}/profesionales', { params: { path: { id: familyId } }, body }), t('families.professionals.grant.failed')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessesKey(familyId) }),
  });
}

export function useConsent(familyId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.POST('/api/accesos/{id}/consentir', { params: { path: { id } } }), t('families.professionals.consentFailed')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessesKey(familyId) }),
  });
}

export function useEndAccess(familyId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/accesos/{id}', { params: { path: { id } } }), t('families.professionals.endFailed')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessesKey(familyId) }),
  });
}
