import type { LiveParts } from '../../api/live';
import { childrenKey } from './api';
import { cardLinksKey } from './cardApi';
import { todayKey } from './today/api';

/** What live events make stale on the children's screens. */
export const childrenLive = {
  hijos: (client) => {
    void client.invalidateQueries({ queryKey: childrenKey });
    // A change to a child is their latest activity on Today's list of children.
    void client.invalidateQueries({ queryKey: todayKey });
  },
  // Joining or leaving a family changes whose children, and whose day, one sees.
  familia: (client) => {
    void client.invalidateQueries({ queryKey: childrenKey });
    void client.invalidateQueries({ queryKey: todayKey });
  },
  // A child's emergency card links: made, revoked or opened.
  tarjetas: (client, data) => {
    if (typeof data.hijoId === 'string') void client.invalidateQueries({ queryKey: cardLinksKey(data.hijoId) });
  },
} satisfies LiveParts;
