import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLanguage, useTranslation } from '../../i18n';
import { ApiError, TOKEN_KEY } from '../../api/client';
import type { CustodySchedule, EventInput, HandoverInput, Night, Occurrence, Scope, StoredEvent, Swap, SwapInput } from './types';

/** Everything the calendar shows sits under this key, so one live event refreshes it all. */
export const calendarKey = ['calendario'] as const;
const eventsKey = (familiaId: string, desde: string, hasta: string) => ['calendario', familiaId, 'eventos', desde, hasta] as const;
const nightsKey = (familiaId: string, desde: string, hasta: string) => ['calendario', familiaId, 'noches', desde, hasta] as const;
const scheduleKey = (familiaId: string) => ['calendario', familiaId, 'custodia'] as const;
const swapsKey = (familiaId: string) => ['calendario', familiaId, 'cambios'] as const;
const eventKey = (id: string) => ['calendario', 'evento', id] as const;

async function request<T>(method: string, path: string, fallback: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = window.localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await globalThis.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, fallback, 'network');
  }
  const answer = (await response.json().catch(() => ({}))) as { data?: T; msg?: string; code?: string; errors?: Record<string, string> };
  if (!response.ok) throw new ApiError(response.status, answer.msg ?? fallback, answer.code, answer.errors);
  return answer.data as T;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export function useOccurrences(familiaId: string | null, desde: string, hasta: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: eventsKey(familiaId ?? '', desde, hasta),
    enabled: familiaId !== null && desde !== '',
    placeholderData: (previous) => previous,
    queryFn: () => request<Occurrence[]>('GET', `/api/eventos?${query({ familiaId: familiaId ?? '', desde, hasta })}`, t('calendar.errors.load')),
  });
}

export function useNights(familiaId: string | null, desde: string, hasta: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: nightsKey(familiaId ?? '', desde, hasta),
    enabled: familiaId !== null && desde !== '',
    placeholderData: (previous) => previous,
    queryFn: () =>
      request<Night[]>('GET', `/api/familias/${encodeURIComponent(familiaId ?? '')}/custodia/noches?${query({ desde, hasta })}`, t('calendar.errors.load')),
  });
}

export function useSchedule(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: scheduleKey(familiaId ?? ''),
    enabled: familiaId !== null,
    // Null while the family has no schedule.
    queryFn: () => request<CustodySchedule | null>('GET', `/api/familias/${encodeURIComponent(familiaId ?? '')}/custodia`, t('calendar.errors.load')),
  });
}

/** The event as stored (the series' first start, its exceptions): what a change of the whole series starts from. */
export function useStoredEvent(id: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: eventKey(id ?? ''),
    enabled: id !== null,
    queryFn: () => request<StoredEvent>('GET', `/api/eventos/${encodeURIComponent(id ?? '')}`, t('calendar.errors.load')),
  });
}

export function useSwaps(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: swapsKey(familiaId ?? ''),
    enabled: familiaId !== null,
    queryFn: () => request<Swap[]>('GET', `/api/familias/${encodeURIComponent(familiaId ?? '')}/cambios`, t('calendar.errors.load')),
  });
}

function useCalendarMutation<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKey }),
  });
}

export function useCreateEvent() {
  const { t } = useTranslation();
  return useCalendarMutation((body: EventInput) => request<Occurrence>('POST', '/api/eventos', t('calendar.errors.save'), body));
}

/** `?ocurrencia=…&alcance=…` for one occurrence or it and the following ones; nothing for the whole event. */
const scopeQuery = (scope: Scope, ocurrencia: string | undefined) => (scope === 'todas' || !ocurrencia ? '' : `?${query({ ocurrencia, alcance: scope })}`);

/** Changes an event: the body is the whole event; `scope` and the occurrence say which instances. */
export function useUpdateEvent() {
  const { t } = useTranslation();
  return useCalendarMutation(({ id, body, scope, ocurrencia }: { id: string; body: EventInput; scope: Scope; ocurrencia?: string | undefined }) =>
    request<unknown>('PUT', `/api/eventos/${encodeURIComponent(id)}${scopeQuery(scope, ocurrencia)}`, t('calendar.errors.save'), body),
  );
}

export function useDeleteEvent() {
  const { t } = useTranslation();
  return useCalendarMutation(({ id, scope, ocurrencia }: { id: string; scope: Scope; ocurrencia?: string | undefined }) =>
    request<unknown>('DELETE', `/api/eventos/${encodeURIComponent(id)}${scopeQuery(scope, ocurrencia)}`, t('calendar.errors.delete')),
  );
}

export function useSaveSchedule(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation((body: CustodySchedule) =>
    request<CustodySchedule>('PUT', `/api/familias/${encodeURIComponent(familiaId)}/custodia`, t('calendar.errors.save'), body),
  );
}

export function useAskSwap(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation((body: SwapInput) =>
    request<Swap>('POST', `/api/familias/${encodeURIComponent(familiaId)}/cambios`, t('calendar.swaps.failed'), body),
  );
}

export type SwapAnswer = 'aceptar' | 'rechazar';

export function useAnswerSwap(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation(({ id, answer }: { id: string; answer: SwapAnswer }) =>
    request<Swap>('POST', `/api/familias/${encodeURIComponent(familiaId)}/cambios/${encodeURIComponent(id)}/${answer}`, t('calendar.swaps.failed')),
  );
}

export function useCounterSwap(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation(({ id, body }: { id: string; body: SwapInput }) =>
    request<Swap>('POST', `/api/familias/${encodeURIComponent(familiaId)}/cambios/${encodeURIComponent(id)}/contraofertar`, t('calendar.swaps.failed'), body),
  );
}

export function useRecordHandover(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation((body: HandoverInput) =>
    request<unknown>('POST', `/api/familias/${encodeURIComponent(familiaId)}/custodia/entregas`, t('calendar.handover.failed'), body),
  );
}
