import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import type { SettingsBody } from './settingsForm';
import type { OfferBody } from './dispute';
import type { Balance, Expense, ExpenseFilters, ExpenseInput, FinanceSettings, Payment, PaymentInput, ProposalChoice, RefusalMotive, SettingsAnswer } from './types';

/** Everything /finances shows sits under this key, so one live event refreshes it all. */
export const moneyKey = ['money'] as const;
const balanceKey = (familiaId: string) => [...moneyKey, familiaId, 'balance'] as const;
const settingsKey = (familiaId: string) => [...moneyKey, familiaId, 'settings'] as const;
const expensesKey = (familiaId: string, filters: ExpenseFilters) => [...moneyKey, familiaId, 'expenses', filters] as const;
const paymentsKey = (familiaId: string) => [...moneyKey, familiaId, 'payments'] as const;

type Answer<T> = Promise<{ data?: { data: T }; error?: unknown; response: Response }>;

async function data<T>(answer: Answer<T>, fallback: string): Promise<T> {
  return (await unwrap(answer, fallback)).data;
}

/** Drops empty filters, so the query string and the cache key hold only what narrows the list. */
export function cleanFilters(filters: ExpenseFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).flatMap(([k, v]) => (typeof v === 'string' && v !== '' ? [[k, v]] : [])));
}

export function useBalance(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: balanceKey(familiaId ?? ''),
    enabled: familiaId !== null,
    queryFn: (): Promise<Balance> => data(api.GET('/api/familias/{id}/balance', { params: { path: { id: familiaId ?? '' } } }), t('money.errors.load')),
  });
}

export function useFinanceSettings(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: settingsKey(familiaId ?? ''),
    enabled: familiaId !== null,
    queryFn: (): Promise<FinanceSettings> => data(api.GET('/api/familias/{id}/finanzas', { params: { path: { id: familiaId ?? '' } } }), t('money.errors.load')),
  });
}

/**
 * Saves the family's finance settings; the whole money area refreshes, since approvals depend on
 * them. What needs the other co-parents comes back as `propuesta` instead of applying.
 */
export function useSaveSettings() {
  const { t } = useTranslation();
  return useMoneyMutation(({ familiaId, body }: { familiaId: string; body: SettingsBody }): Promise<SettingsAnswer> =>
    unwrap(api.PUT('/api/familias/{id}/finanzas', { params: { path: { id: familiaId } }, body }), t('money.errors.save')),
  );
}

/** Accepts or declines a proposed change of the settings, or withdraws one's own. */
export function useAnswerSettingsProposal() {
  const { t } = useTranslation();
  return useMoneyMutation(({ familiaId, id, decision }: { familiaId: string; id: string; decision: ProposalChoice }): Promise<SettingsAnswer> =>
    unwrap(
      api.POST('/api/familias/{id}/finanzas/propuestas/{propuestaId}/respuesta', { params: { path: { id: familiaId, propuestaId: id } }, body: { decision } }),
      t('money.errors.save'),
    ),
  );
}

/** The family's expenses, newest first, a page at a time. */
export function useExpenses(familiaId: string | null, filters: ExpenseFilters) {
  const { t } = useTranslation();
  const query = cleanFilters(filters);
  return useInfiniteQuery({
    queryKey: expensesKey(familiaId ?? '', query),
    enabled: familiaId !== null,
    initialPageParam: '',
    getNextPageParam: (last: { siguiente?: string | null }) => last.siguiente ?? undefined,
    queryFn: ({ pageParam }) =>
      data(api.GET('/api/gastos', { params: { query: { familiaId: familiaId ?? '', ...query, ...(pageParam ? { cursor: pageParam } : {}) } } }), t('money.errors.load')),
  });
}

export function usePayments(familiaId: string | null) {
  const { t } = useTranslation();
  return useInfiniteQuery({
    queryKey: paymentsKey(familiaId ?? ''),
    enabled: familiaId !== null,
    initialPageParam: '',
    getNextPageParam: (last: { siguiente?: string | null }) => last.siguiente ?? undefined,
    queryFn: ({ pageParam }) => data(api.GET('/api/pagos', { params: { query: { familiaId: familiaId ?? '', ...(pageParam ? { cursor: pageParam } : {}) } } }), t('money.errors.load')),
  });
}

/** Every change to money moves the balance too: refresh the whole area. */
function useMoneyMutation<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}

export function useCreateExpense() {
  const { t } = useTranslation();
  // The expense is saved before its receipt goes up: a failed upload must not make it look unsaved
  // (saving again would make a second one), so it is told apart.
  return useMoneyMutation(async ({ body, receipt }: { body: ExpenseInput; receipt: File | null }): Promise<{ expense: Expense; receiptFailure: string | null }> => {
    const expense = await data(api.POST('/api/gastos', { body }), t('money.errors.save'));
    if (!receipt) return { expense, receiptFailure: null };
    try {
      return { expense: await uploadReceipt(expense.id, receipt, t('money.errors.receipt')), receiptFailure: null };
    } catch (e) {
      return { expense, receiptFailure: e instanceof Error ? e.message : t('money.errors.receipt') };
    }
  });
}

/** Changes an expense its creator added, while nobody has answered it (409 after). */
export function useUpdateExpense() {
  const { t } = useTranslation();
  return useMoneyMutation(({ id, body }: { id: string; body: ExpenseInput }): Promise<Expense> =>
    data(api.PUT('/api/gastos/{id}', { params: { path: { id } }, body }), t('money.errors.save')),
  );
}

export function useUploadReceipt() {
  const { t } = useTranslation();
  return useMoneyMutation(({ id, file }: { id: string; file: File }) => uploadReceipt(id, file, t('money.errors.receipt')));
}

export type Decision =
  | { kind: 'aprobar' }
  | { kind: 'rechazar'; motivo: RefusalMotive; comentario?: string }
  | { kind: 'disputar'; comentario: string; propuesta?: string; offer?: OfferBody }
  | { kind: 'contestar'; comentario: string; offer?: OfferBody }
  | { kind: 'aceptar-propuesta' }
  | { kind: 'retirar' };

export function useAnswerExpense() {
  const { t } = useTranslation();
  return useMoneyMutation(({ id, decision }: { id: string; decision: Decision }) => {
    const path = { params: { path: { id } } };
    const fallback = t('money.errors.save');
    switch (decision.kind) {
      case 'aprobar':
        return data(api.POST('/api/gastos/{id}/aprobar', path), fallback);
      case 'rechazar':
        return data(api.POST('/api/gastos/{id}/rechazar', { ...path, body: { motivo: decision.motivo, comentario: decision.comentario ?? null } }), fallback);
      case 'disputar':
        return data(api.POST('/api/gastos/{id}/disputar', { ...path, body: { comentario: decision.comentario, propuesta: decision.propuesta ?? null, ...decision.offer } }), fallback);
      case 'contestar':
        return data(api.POST('/api/gastos/{id}/contestar', { ...path, body: { comentario: decision.comentario, ...decision.offer } }), fallback);
      case 'aceptar-propuesta':
        return data(api.POST('/api/gastos/{id}/aceptar-propuesta', path), fallback);
      case 'retirar':
        return data(api.DELETE('/api/gastos/{id}', path), fallback);
    }
  });
}

/** The insurer's refund of an expense, recorded once by its payer. */
export function useRecordRefund() {
  const { t } = useTranslation();
  return useMoneyMutation(({ id, monto, fecha }: { id: string; monto: number; fecha: string }) =>
    data(api.POST('/api/gastos/{id}/reintegro', { params: { path: { id } }, body: { monto, fecha } }), t('money.errors.save')),
  );
}

/** Stops a monthly expense: the months already made stay. */
export function useStopRecurring() {
  const { t } = useTranslation();
  return useMoneyMutation((id: string) => data(api.DELETE('/api/gastos-recurrentes/{id}', { params: { path: { id } } }), t('money.errors.save')));
}

export function useCreatePayment() {
  const { t } = useTranslation();
  return useMoneyMutation(async ({ body, proof }: { body: PaymentInput; proof: File | null }): Promise<{ payment: Payment; receiptFailure: string | null }> => {
    const payment = await data(api.POST('/api/pagos', { body }), t('money.errors.save'));
    if (!proof) return { payment, receiptFailure: null };
    try {
      return { payment: await uploadProof(payment.id, proof, t('money.errors.receipt')), receiptFailure: null };
    } catch (e) {
      return { payment, receiptFailure: e instanceof Error ? e.message : t('money.errors.receipt') };
    }
  });
}

export function useAnswerPayment() {
  const { t } = useTranslation();
  return useMoneyMutation(({ id, received }: { id: string; received: boolean }) =>
    data(received ? api.POST('/api/pagos/{id}/confirmar', { params: { path: { id } } }) : api.POST('/api/pagos/{id}/no-recibido', { params: { path: { id } } }), t('money.errors.save')),
  );
}


/** An expense's receipt (multipart field `recibo`); the server answers the whole expense. */
function uploadReceipt(id: string, file: File, fallback: string): Promise<Expense> {
  const form = new FormData();
  form.append('recibo', file);
  return data(api.POST('/api/gastos/{id}/recibo', { params: { path: { id } }, body: { recibo: '' }, bodySerializer: () => form }), fallback);
}

/** A payment's proof (multipart field `comprobante`); the server answers the whole payment. */
function uploadProof(id: string, file: File, fallback: string): Promise<Payment> {
  const form = new FormData();
  form.append('comprobante', file);
  return data(api.POST('/api/pagos/{id}/comprobante', { params: { path: { id } }, body: { comprobante: '' }, bodySerializer: () => form }), fallback);
}
