import type { Invalidate, LiveParts } from '../../api/live';
import { calendarKey } from './api';
import { todayKey } from './today/api';

/** An event, the schedule, a swap or a handover: the calendar asks again for all it shows. */
const everything: Invalidate = (client) => void client.invalidateQueries({ queryKey: calendarKey });

/** What live events make stale on the calendar and on Today. */
export const calendarLive = {
  eventos: everything,
  custodia: everything,
  hijos: (client, data) => {
    // A change to a child is their latest activity on Today's list of children.
    void client.invalidateQueries({ queryKey: todayKey });
    // Their activities and appointments are on the family's calendar, with the child's name.
    if (typeof data.familiaId === 'string') void client.invalidateQueries({ queryKey: [...calendarKey, data.familiaId, 'eventos'] });
  },
  // Joining or leaving a family changes whose day one sees.
  familia: (client) => void client.invalidateQueries({ queryKey: todayKey }),
} satisfies LiveParts;
