import type { Forgetting } from '../lib/session';

/**
 * What signing out clears besides the session, each loaded only when someone signs out: this
 * browser's push subscription and the installable app's caches.
 */
export const APP_FORGETTING: Forgetting = {
  device: () => import('../features/notifications/thisDevice').then((device) => device.forgetThisDevice()),
  data: () => import('./pwa').then((pwa) => pwa.forgetOfflineData()),
};
