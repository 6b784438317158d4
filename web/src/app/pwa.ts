/** The installable app's worker (web/src/sw.ts, built to /sw.js); only a production build has it. */
export function registerWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without the worker the app works the same; only installing it and push are missing.
  });
}

/** The message that asks the worker to empty its caches (sw.ts listens for it). */
export const FORGET_MESSAGE = 'nido:olvidar';

/**
 * At sign-out nothing of the session may stay in this browser: every Cache Storage entry goes and
 * the worker is told to drop its own (push is forgotten by features/notifications/thisDevice).
 */
export async function forgetOfflineData(): Promise<void> {
  try {
    if ('caches' in window) await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
    if (!('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    registration?.active?.postMessage({ type: FORGET_MESSAGE });
  } catch {
    // Storage the browser refuses to touch (private modes) holds nothing of ours either.
  }
}
