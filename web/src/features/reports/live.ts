import type { LiveParts } from '../../api/live';
import { certifiedKey } from './certifiedApi';

/** One of the caller's certified reports moved on: the list shows its progress, then its download. */
export const reportsLive = {
  informes: (client) => void client.invalidateQueries({ queryKey: certifiedKey }),
} satisfies LiveParts;
