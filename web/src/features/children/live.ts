import type { LiveParts } from '../../api/live';
import { childrenKey } from './api';
import { cardLinksKey } from './cardApi';

/** What live events make stale on the children's screens. */
export const childrenLive = {
  hijos: (client) => void client.invalidateQueries({ queryKey: childrenKey }),
  // Joining or leaving a family changes whose children one sees.
  familia: (client) => void client.invalidateQueries({ queryKey: childrenKey }),
  // A child's emergency card links: made, revoked or opened.
  tarjetas: (client, data) => {
    if (typeof data.hijoId === 'string') void client.invalidateQueries({ queryKey: cardLinksKey(data.hijoId) });
  },
} satisfies LiveParts;
