import type { LiveParts } from '../../api/live';
import { moneyKey } from './api';

/** An expense, an answer, a payment, child support or the settings: /finances asks again for all it shows. */
export const moneyLive = {
  dinero: (client) => void client.invalidateQueries({ queryKey: moneyKey }),
} satisfies LiveParts;
