import type { Invalidate, LiveParts } from '../../api/live';
import { notificationsKey } from './api';

/** A new notice, or some read in another tab: the bell counts again and the list reloads. */
const notices: Invalidate = (client) => void client.invalidateQueries({ queryKey: notificationsKey });

/** What live events make stale of the notices. */
export const notificationsLive = {
  notificaciones: notices,
  'notificaciones.leidas': notices,
} satisfies LiveParts;
