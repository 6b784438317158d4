import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { moneyKey } from './api';
import type { Report, Support, SupportAdjustment, SupportInput, SupportPayment } from './types';

type Answer<T> = Promise<{ data?: { data: T }; error?: unknown; response: Response }>;
type Init = { params?: { path?: Record<string, string>; query?: Record<string, string> }; body?: unknown };
const client = api as unknown as {
  GET: <T>(path: string, init?: Init) => Answer<T>;
  POST: <T>(path: string, init?: Init) => Answer<T>;
  PUT: <T>(path: string, init?: Init) => Answer<T>;
};

async function data<T>(answer: Answer<T>, fallback: string): Promise<T> {
  return (await unwrap(answer, fallback)).data;
}

const supportKey = (familiaId: string) => ['dinero', familiaId, 'cuotas'] as const;

export function useSupports(familiaId: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: supportKey(familiaId),
    queryFn: () => data<{ cuotas: Support[] }>(client.GET('/api/familias/{id}/cuotas', { params: { path: { id: familiaId } } }), t('money.errors.load')),
  });
}

/** One arrangement with its dues, its history of amounts and its payments. */
export function useSupport(familiaId: string, cuotaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: [...supportKey(familiaId), cuotaId ?? ''],
    enabled: cuotaId !== null,
    queryFn: () => data<Support>(client.GET('/api/familias/{id}/cuotas/{cuotaId}', { params: { path: { id: familiaId, cuotaId: cuotaId ?? '' } } }), t('money.errors.load')),
  });
}

function useSupportMutation<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }) });
}

export function useCreateSupport(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation((body: SupportInput) => data<Support>(client.POST('/api/familias/{id}/cuotas', { params: { path: { id: familiaId } }, body }), t('money.errors.save')));
}

export function useUpdateSupport(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation(({ cuotaId, body }: { cuotaId: string; body: { activa?: boolean; hasta?: string | null; notas?: string } }) =>
    data<Support>(client.PUT('/api/familias/{id}/cuotas/{cuotaId}', { params: { path: { id: familiaId, cuotaId } }, body }), t('money.errors.save')),
  );
}

export function useAdjustSupport(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation(({ cuotaId, body }: { cuotaId: string; body: SupportAdjustment }) =>
    data<Support>(client.POST('/api/familias/{id}/cuotas/{cuotaId}/ajustes', { params: { path: { id: familiaId, cuotaId } }, body }), t('money.errors.save')),
  );
}

export function usePaySupport(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation(({ cuotaId, body }: { cuotaId: string; body: { monto: number; fecha: string; metodo?: string; referencia?: string } }) =>
    data<SupportPayment>(client.POST('/api/familias/{id}/cuotas/{cuotaId}/pagos', { params: { path: { id: familiaId, cuotaId } }, body }), t('money.errors.save')),
  );
}

export function useAnswerSupportPayment(familiaId: string) {
  const { t } = useTranslation();
  return useSupportMutation(({ cuotaId, pagoId, received }: { cuotaId: string; pagoId: string; received: boolean }) =>
    data<SupportPayment>(
      client.POST(received ? '/api/familias/{id}/cuotas/{cuotaId}/pagos/{pagoId}/confirmar' : '/api/familias/{id}/cuotas/{cuotaId}/pagos/{pagoId}/no-recibido', {
        params: { path: { id: familiaId, cuotaId, pagoId } },
      }),
      t('money.errors.save'),
    ),
  );
}

export function useReport(familiaId: string, query: { desde: string; hasta: string; moneda: string }) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: ['dinero', familiaId, 'informe', query],
    queryFn: () => data<Report>(client.GET('/api/familias/{id}/informes/gastos', { params: { path: { id: familiaId }, query } }), t('money.errors.load')),
  });
}
