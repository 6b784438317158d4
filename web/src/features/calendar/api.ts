import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { calendarKey } from '../../api/queryKeys';
import type { Country } from './holidayPeriods';
import type { CustodySchedule, EventInput, HandoverInput, PeriodInput, Scope, SwapInput } from './types';

/** Everything the calendar shows sits under `calendarKey`, so one live event refreshes it all. */
export { calendarKey };
/** A family's events, whatever the range: a child's change touches them (their activities and appointments). */
export const familyEventsKey = (familiaId: string) => [...calendarKey, familiaId, 'events'] as const;
const eventsKey = (familiaId: string, desde: string, hasta: string) => [...familyEventsKey(familiaId), desde, hasta] as const;
const nightsKey = (familiaId: string, desde: string, hasta: string) => [...calendarKey, familiaId, 'nights', desde, hasta] as const;
const shareKey = (familiaId: string, desde: string, hasta: string) => [...calendarKey, familiaId, 'share', desde, hasta] as const;
const scheduleKey = (familiaId: string) => [...calendarKey, familiaId, 'schedule'] as const;
const swapsKey = (familiaId: string) => [...calendarKey, familiaId, 'swaps'] as const;
const eventKey = (id: string) => [...calendarKey, 'event', id] as const;
const periodsKey = (familiaId: string) => [...calendarKey, familiaId, 'periods'] as const;
const feedKey = [...calendarKey, 'feed'] as const;
// Outside the calendar's key: the national holidays of a year never change with what the family does.
const holidaysKey = (pais: string, anio: number) => ['holidays', pais, anio] as const;

/** The `data` of a typed call's answer. */
async function data<T>(answer: Promise<{ data?: { data: T }; error?: unknown; response: Response }>, fallback: string): Promise<T> {
  return (await unwrap(answer, fallback)).data;
}
const family = (id: string | null) => ({ id: id ?? '' });

export function useOccurrences(familiaId: string | null, desde: string, hasta: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: eventsKey(familiaId ?? '', desde, hasta),
    enabled: familiaId !== null && desde !== '',
    placeholderData: (previous) => previous,
    queryFn: () => data(api.GET('/api/eventos', { params: { query: { familiaId: familiaId ?? '', desde, hasta } } }), t('calendar.errors.load')),
  });
}

export function useNights(familiaId: string | null, desde: string, hasta: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: nightsKey(familiaId ?? '', desde, hasta),
    enabled: familiaId !== null && desde !== '',
    placeholderData: (previous) => previous,
    queryFn: () => data(api.GET('/api/familias/{id}/custodia/noches', { params: { path: family(familiaId), query: { desde, hasta } } }), t('calendar.errors.load')),
  });
}

export function useSchedule(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: scheduleKey(familiaId ?? ''),
    enabled: familiaId !== null,
    // Null while the family has no schedule.
    queryFn: async (): Promise<CustodySchedule | null> =>
      (await unwrap(api.GET('/api/familias/{id}/custodia', { params: { path: family(familiaId) } }), t('calendar.errors.load'))).data ?? null,
  });
}

/** The event as stored (the series' first start, its exceptions): what a change of the whole series starts from. */
export function useStoredEvent(id: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: eventKey(id ?? ''),
    enabled: id !== null,
    queryFn: () => data(api.GET('/api/eventos/{id}', { params: { path: { id: id ?? '' } } }), t('calendar.errors.load')),
  });
}

/** Each parent's nights and hours from `desde` to `hasta` (dates, both included): planned, and actual with swaps and handovers. */
export function useShare(familiaId: string | null, desde: string, hasta: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: shareKey(familiaId ?? '', desde, hasta),
    enabled: familiaId !== null,
    queryFn: () => data(api.GET('/api/familias/{id}/custodia/reparto', { params: { path: family(familiaId), query: { desde, hasta } } }), t('calendar.errors.load')),
  });
}

export function useSwaps(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: swapsKey(familiaId ?? ''),
    enabled: familiaId !== null,
    queryFn: () => data(api.GET('/api/familias/{id}/cambios', { params: { path: family(familiaId) } }), t('calendar.errors.load')),
  });
}

/** The family's holiday periods, in the order they were added (a later one wins an overlap). */
export function usePeriods(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: periodsKey(familiaId ?? ''),
    enabled: familiaId !== null,
    queryFn: () => data(api.GET('/api/familias/{id}/custodia/periodos', { params: { path: family(familiaId) } }), t('calendar.errors.load')),
  });
}

/** National holidays of Argentina or Spain in a year, as suggestions for periods. */
export function useNationalHolidays(familiaId: string, pais: Country, anio: number, enabled: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: holidaysKey(pais, anio),
    enabled,
    staleTime: Infinity,
    queryFn: () =>
      data(api.GET('/api/familias/{id}/custodia/feriados', { params: { path: family(familiaId), query: { pais, anio: String(anio) } } }), t('calendar.periods.holidays.failed')),
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
  return useCalendarMutation((body: EventInput) => data(api.POST('/api/eventos', { body }), t('calendar.errors.save')));
}

/** `ocurrencia` and `alcance` for one occurrence or it and the following ones; nothing for the whole event. */
const scopeQuery = (scope: Scope, ocurrencia: string | undefined) => (scope === 'todas' || !ocurrencia ? {} : { ocurrencia, alcance: scope });

/** Changes an event: the body is the whole event; `scope` and the occurrence say which instances. */
export function useUpdateEvent() {
  const { t } = useTranslation();
  return useCalendarMutation(({ id, body, scope, ocurrencia }: { id: string; body: EventInput; scope: Scope; ocurrencia?: string | undefined }) =>
    data(api.PUT('/api/eventos/{id}', { params: { path: { id }, query: scopeQuery(scope, ocurrencia) }, body }), t('calendar.errors.save')),
  );
}

export function useDeleteEvent() {
  const { t } = useTranslation();
  return useCalendarMutation(({ id, scope, ocurrencia }: { id: string; scope: Scope; ocurrencia?: string | undefined }) =>
    unwrap(api.DELETE('/api/eventos/{id}', { params: { path: { id }, query: scopeQuery(scope, ocurrencia) } }), t('calendar.errors.delete')),
  );
}

export function useSaveSchedule(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation((body: CustodySchedule) =>
    unwrap(api.PUT('/api/familias/{id}/custodia', { params: { path: family(familiaId) }, body }), t('calendar.errors.save')),
  );
}

export function useAddPeriod(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation((body: PeriodInput) => data(api.POST('/api/familias/{id}/custodia/periodos', { params: { path: family(familiaId) }, body }), t('calendar.periods.failed')));
}

export function useRemovePeriod(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation((periodoId: string) =>
    unwrap(api.DELETE('/api/familias/{id}/custodia/periodos/{periodoId}', { params: { path: { id: familiaId, periodoId } } }), t('calendar.periods.removeFailed')),
  );
}

export function useAskSwap(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation((body: SwapInput) => data(api.POST('/api/familias/{id}/cambios', { params: { path: family(familiaId) }, body }), t('calendar.swaps.failed')));
}

export type SwapAnswer = 'aceptar' | 'rechazar';

export function useAnswerSwap(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation(({ id, answer }: { id: string; answer: SwapAnswer }) => {
    const params = { params: { path: { id: familiaId, cambioId: id } } };
    return data(
      answer === 'aceptar' ? api.POST('/api/familias/{id}/cambios/{cambioId}/aceptar', params) : api.POST('/api/familias/{id}/cambios/{cambioId}/rechazar', params),
      t('calendar.swaps.failed'),
    );
  });
}

export function useCounterSwap(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation(({ id, body }: { id: string; body: SwapInput }) =>
    data(api.POST('/api/familias/{id}/cambios/{cambioId}/contraofertar', { params: { path: { id: familiaId, cambioId: id } }, body }), t('calendar.swaps.failed')),
  );
}

export function useRecordHandover(familiaId: string) {
  const { t } = useTranslation();
  return useCalendarMutation((body: HandoverInput) =>
    data(api.POST('/api/familias/{id}/custodia/entregas', { params: { path: family(familiaId) }, body }), t('calendar.handover.failed')),
  );
}

/** Whether the user has a private feed link, and since when (the link itself comes only when made). */
export function useFeedLink() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: feedKey,
    queryFn: async () => (await unwrap(api.GET('/api/calendario/enlace'), t('calendar.errors.load'))).data ?? null,
  });
}

/** Makes a new feed link; the one before stops working. */
export function useMakeFeedLink() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await unwrap(api.POST('/api/calendario/enlace'), t('calendar.feed.failed'))).data ?? null,
    onSuccess: (link) => queryClient.setQueryData(feedKey, link),
  });
}

export function useRevokeFeedLink() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/calendario/enlace'), t('calendar.feed.failed')),
    onSuccess: () => queryClient.setQueryData(feedKey, null),
  });
}
