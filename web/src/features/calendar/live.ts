import type { Invalidate, LiveParts } from '../../api/live';
import { calendarKey, familyEventsKey } from './api';

/** An event, the schedule, a swap or a handover: the calendar asks again for all it shows. */
const everything: Invalidate = (client) => void client.invalidateQueries({ queryKey: calendarKey });

/** What live events make stale on the calendar. */
export const calendarLive = {
  eventos: everything,
  custodia: everything,
  hijos: (client, data) => {
    // Their activities and appointments are on the family's calendar, with the child's name.
    if (typeof data.familiaId === 'string') void client.invalidateQueries({ queryKey: familyEventsKey(data.familiaId) });
  },
} satisfies LiveParts;
