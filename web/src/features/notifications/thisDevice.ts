import { deleteDevice, fetchDevices, fetchPushKey, registerDevice } from './preferencesApi';

/** Why push cannot be turned on here: each has its own explanation on the page. */
export type PushProblem = 'unsupported' | 'denied' | 'dismissed' | 'noWorker';

export class PushUnavailable extends Error {
  readonly problem: PushProblem;
  constructor(problem: PushProblem) {
    super(problem);
    this.problem = problem;
  }
}

/** What this browser allows: no push at all, or the state of the notification permission. */
export function pushSupport(): 'unsupported' | NotificationPermission {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const raw = window.atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * The service worker's registration once it is active. `serviceWorker.ready` never settles when
 * no worker was registered (the app's worker comes with its first signed-in visit), hence the wait
 * is bounded.
 */
async function activeRegistration(waitMs = 5000): Promise<ServiceWorkerRegistration | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  if (registration.active) return registration;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => window.setTimeout(() => resolve(null), waitMs))]);
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission, subscribes this browser with Nido's key and registers it on the server.
 * Throws PushUnavailable when the browser, the person or a missing worker stands in the way.
 */
export async function enablePush(fallback: string): Promise<{ _id: string; endpoint: string }> {
  if (pushSupport() === 'unsupported') throw new PushUnavailable('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushUnavailable('denied');
  if (permission !== 'granted') throw new PushUnavailable('dismissed');
  const registration = await activeRegistration();
  if (!registration) throw new PushUnavailable('noWorker');
  const key = base64UrlToBytes(await fetchPushKey(fallback));
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's key was replaced) cannot receive Nido's pushes.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const _id = await registerDevice(subscription.toJSON(), fallback);
  return { _id, endpoint: subscription.endpoint };
}

/**
 * Drops this browser's push subscription on the server and in the browser, so whoever uses this
 * computer next receives nothing of this account. Called at logout and by "turn off on this
 * device"; never throws: leaving must not fail because of push.
 */
export async function forgetThisDevice(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    try {
      const mine = (await fetchDevices('')).find((device) => device.endpoint === subscription.endpoint);
      if (mine) await deleteDevice(mine._id, '');
    } finally {
      await subscription.unsubscribe();
    }
  } catch {
    // The server forgets a dead subscription by itself when the push service answers 410.
  }
}
