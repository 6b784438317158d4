/// <reference lib="webworker" />
/**
 * Nido's service worker (built to /sw.js by vite-plugin-pwa's injectManifest): push notices, and a
 * cache of the build's hashed files only. Nothing a session fetches (/api/*, pages) is ever stored:
 * on a shared computer the next person must find nothing of the last one's.
 */
export {};

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const CACHE = 'nido-assets';
/** Must match FORGET_MESSAGE in app/pwa.ts. */
const FORGET_MESSAGE = 'nido:olvidar';

// The hashed files of this build (their names change with their content, so they never go stale).
const ASSETS = new Set(
  self.__WB_MANIFEST.map((entry) => new URL(entry.url, self.location.origin).pathname).filter((path) => path.startsWith('/assets/')),
);

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Files of earlier builds are no longer asked for.
      const cache = await caches.open(CACHE);
      for (const request of await cache.keys()) {
        if (!ASSETS.has(new URL(request.url).pathname)) await cache.delete(request);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || !ASSETS.has(url.pathname)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(event.request);
      if (cached) return cached;
      const response = await fetch(event.request);
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== FORGET_MESSAGE) return;
  event.waitUntil(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))));
});

interface PushPayload {
  titulo?: unknown;
  texto?: unknown;
  enlace?: unknown;
  etiqueta?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
/** A path inside Nido; anything else opens the notification centre. */
const pathOf = (value: unknown) => (typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/notifications');

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() as PushPayload | null) ?? {};
  } catch {
    // A payload that is not JSON still shows as a notice from Nido.
  }
  const tag = text(payload.etiqueta);
  event.waitUntil(
    self.registration.showNotification(text(payload.titulo) ?? 'Nido', {
      body: text(payload.texto) ?? '',
      icon: '/icons/icon-192.png',
      data: { enlace: pathOf(payload.enlace) },
      ...(tag ? { tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(pathOf((event.notification.data as { enlace?: unknown } | null)?.enlace), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) {
        const focused = await tab.focus();
        // A tab this worker does not control cannot be steered: a new one opens instead.
        const moved = await focused.navigate(target).catch(() => null);
        if (moved) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
