import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { moneyKey } from './api';
import type { ProposalChoice, Report, SupportAdjustment, SupportInput, SupportPaymentInput, SupportUpdate } from './types';

type Answer<T> = Promise<{ data?: { data: T }; error?: unknown; response: Response }>;

async function data<T>(answer: Answer<T>, fallback: string): Promise<T> {
  return (await unwrap(answer, fallback)).data;
}

const supportKey = (familiaId: string) => [...moneyKey, familiaId, 'support'] as const;
const reportKey = (familiaId: string, query: ReportQuery) => [...moneyKey, familiaId, 'report', query] as const;
const path = (id: string, cuotaId = '', pagoId = '') => ({ params: { path: { id, cuotaId, pagoId } } });

/** The family's agreements; `null` asks for nothing (someone who is not a co-parent of it). */
export function useSupports(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: supportKey(familiaId ?? ''),
    enabled: familiaId !== null,
    queryFn: () => data(api.GET('/api/familias/{id}/cuotas', { params: { path: { id: familiaId ?? '' } } }), t('money.errors.load')),
  });
}

/** One agreement with its dues, its history of amounts and its payments. */
export function useSupport(familiaId: string, cuotaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: [...supportKey(familiaId), cuotaId ?? ''],
    enabled: cuotaId !== null,
    queryFn: () => data(api.GET('/api/familias/{id}/cuotas/{cuotaId}', { params: { path: { id: familiaId, cuotaId: cuotaId ?? '' } } }), t('money.errors.load')),
  });
}

function useSupportMutation<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }) });
}

export function useCreateSupport(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation((body: SupportInput) => data(api.POST('/api/familias/{id}/cuotas', { params: { path: { id: familiaId } }, body }), t('money.errors.save')));
}

/** Pauses, resumes, ends or annotates an agreement; what lowers it for the payee comes back as its `propuesta`. */
export function useUpdateSupport(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation(({ cuotaId, body }: { cuotaId: string; body: SupportUpdate }) =>
    data(api.PUT('/api/familias/{id}/cuotas/{cuotaId}', { params: { path: { id: familiaId, cuotaId } }, body }), t('money.errors.save')),
  );
}

/** Accepts or declines a proposed change of child support, or withdraws one's own. */
export function useAnswerSupportProposal(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation(({ cuotaId, propuestaId, decision }: { cuotaId: string; propuestaId: string; decision: ProposalChoice }) =>
    data(
      api.POST('/api/familias/{id}/cuotas/{cuotaId}/propuestas/{propuestaId}/respuesta', { params: { path: { id: familiaId, cuotaId, propuestaId } }, body: { decision } }),
      t('money.errors.save'),
    ),
  );
}

export function useAdjustSupport(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation(({ cuotaId, body }: { cuotaId: string; body: SupportAdjustment }) =>
    data(api.POST('/api/familias/{id}/cuotas/{cuotaId}/ajustes', { params: { path: { id: familiaId, cuotaId } }, body }), t('money.errors.save')),
  );
}

export function usePaySupport(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation(({ cuotaId, body }: { cuotaId: string; body: SupportPaymentInput }) =>
    data(api.POST('/api/familias/{id}/cuotas/{cuotaId}/pagos', { params: { path: { id: familiaId, cuotaId } }, body }), t('money.errors.save')),
  );
}

export function useAnswerSupportPayment(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation(({ cuotaId, pagoId, received }: { cuotaId: string; pagoId: string; received: boolean }) =>
    data(
      received
        ? api.POST('/api/familias/{id}/cuotas/{cuotaId}/pagos/{pagoId}/confirmar', path(familiaId, cuotaId, pagoId))
        : api.POST('/api/familias/{id}/cuotas/{cuotaId}/pagos/{pagoId}/no-recibido', path(familiaId, cuotaId, pagoId)),
      t('money.errors.save'),
    ),
  );
}

type ReportQuery = { desde: string; hasta: string; moneda: string };

export function useReport(familiaId: string, query: ReportQuery) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: reportKey(familiaId, query),
    queryFn: (): Promise<Report> => data(api.GET('/api/familias/{id}/informes/gastos', { params: { path: { id: familiaId }, query } }), t('money.errors.load')),
  });
}
