import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { api, unwrap } from '../../../api/client';
import { calendarKey } from '../../../api/queryKeys';
import type { components } from '../../../api/schema';

export type Today = components['schemas']['TodayView'];
export type FamilyToday = components['schemas']['FamilyToday'];
export type ChildToday = components['schemas']['ChildToday'];
export type Holding = components['schemas']['Holding'];
export type UpcomingEvent = components['schemas']['UpcomingEvent'];
export type SwapToAnswer = components['schemas']['SwapToAnswer'];

/** Under the calendar's key, so the live events that refresh the calendar refresh this too. */
export const todayKey = [...calendarKey, 'today'] as const;

/** Custody changes hands at a set time with no event to announce it: ask again now and then. */
const REFRESH_MS = 5 * 60_000;

export function useToday() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: todayKey,
    refetchInterval: REFRESH_MS,
    queryFn: async () => (await unwrap(api.GET('/api/hoy'), t('calendar.today.errors.load'))).data,
  });
}
