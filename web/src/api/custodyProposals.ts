import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import { api, unwrap } from './client';
import { calendarKey } from './queryKeys';
import type { components } from './schema';

export type CustodyProposal = components['schemas']['CustodyProposalView'];
export type CustodyProposalInput = components['schemas']['CustodyProposalInput'];

/** Under the calendar's key: a live custody event refreshes them with everything else it shows. */
export const custodyProposalsKey = (familiaId: string) => [...calendarKey, familiaId, 'proposals'] as const;

/**
 * A parenting coordinator's proposals to a family: every one to a member who reads the calendar,
 * their own to the coordinator.
 */
export function useCustodyProposals(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: custodyProposalsKey(familiaId ?? ''),
    enabled: familiaId !== null,
    queryFn: async () =>
      (await unwrap(api.GET('/api/familias/{id}/custodia/propuestas', { params: { path: { id: familiaId ?? '' } } }), t('proposals.loadFailed'))).data,
  });
}

type Step = 'aceptar' | 'rechazar' | 'retirar';

/** A co-parent's answer, or the coordinator's withdrawal. */
export function useCustodyProposalStep(familiaId: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, step }: { id: string; step: Step }) => {
      const path = { path: { id: familiaId, propuestaId: id } };
      const sent =
        step === 'aceptar'
          ? api.POST('/api/familias/{id}/custodia/propuestas/{propuestaId}/aceptar', { params: path })
          : step === 'rechazar'
            ? api.POST('/api/familias/{id}/custodia/propuestas/{propuestaId}/rechazar', { params: path })
            : api.DELETE('/api/familias/{id}/custodia/propuestas/{propuestaId}', { params: path });
      return (await unwrap(sent, t('proposals.failed'))).data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKey }),
  });
}

/** The coordinator's proposal. */
export function useProposeCustody(familiaId: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CustodyProposalInput) =>
      (await unwrap(api.POST('/api/familias/{id}/custodia/propuestas', { params: { path: { id: familiaId } }, body }), t('proposals.failed'))).data,
    onSuccess: () => client.invalidateQueries({ queryKey: custodyProposalsKey(familiaId) }),
  });
}
