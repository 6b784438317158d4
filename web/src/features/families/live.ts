import type { LiveParts } from '../../api/live';
import { familiesKey } from './api';

/** What live events make stale on the families' screens: the list, and each family with its record. */
export const familiesLive = {
  // The family list counts children; the family's record lists their changes.
  hijos: (client, data) => {
    void client.invalidateQueries({ queryKey: familiesKey, exact: true });
    if (typeof data.familiaId === 'string') void client.invalidateQueries({ queryKey: [...familiesKey, data.familiaId] });
  },
  familia: (client) => void client.invalidateQueries({ queryKey: familiesKey }),
} satisfies LiveParts;
