import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { register, uniqueEmail } from './support';

test('the manifest, its icons and the worker are served with their types', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as { name: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(body).toMatchObject({ name: 'Nido', short_name: 'Nido', start_url: '/', display: 'standalone' });
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of body.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
  // The build put in its list of hashed files.
  expect(await worker.text()).not.toContain('__WB_MANIFEST');
});

test('the public pages link the manifest and load no worker', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});

test('signed in, Nido installs; the worker shows pushes, caches no API answer, and empties its caches at sign-out', async ({ playwright, launchOptions, baseURL }) => {
  // Chromium installs nothing from a private window, which a test's usual context is.
  const profile = mkdtempSync(join(tmpdir(), 'nido-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, locale: 'es-AR' });
  const page = context.pages()[0] ?? (await context.newPage());
  await register(page, uniqueEmail('pwa'));
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state)).toBe('activated');

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);

  // Once the worker controls the page, the app's files come through it.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cachedPaths = () =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
  await expect.poll(async () => (await cachedPaths()).length).toBeGreaterThan(0);
  const cached = await cachedPaths();
  for (const path of cached) expect(path).toMatch(/^\/assets\//);

  // A push shows the notice the payload describes, tagged so that a newer one replaces it.
  await context.grantPermissions(['notifications']);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/`);
      if (ours) resolve(ours.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  // A push can reach the worker before it is ready to show it; the tag makes a second delivery
  // replace the first, so delivering again until it shows leaves exactly one notice.
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL ?? '',
      registrationId,
      data: JSON.stringify({ titulo: 'Leo: ficha actualizada', texto: 'Ana cambió la escuela de Leo.', enlace: '/children', etiqueta: 'hijo-1' }),
    });
  await expect
    .poll(async () => {
      await deliver();
      return page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
      );
    })
    .toEqual([{ title: 'Leo: ficha actualizada', body: 'Ana cambió la escuela de Leo.', tag: 'hijo-1', data: { enlace: '/children' } }]);

  // Signing out empties the caches. The sign-in page's own files, fetched as it opens, may be
  // cached again at once (they are the public build's): every file cached afterwards must be one
  // of those, and the ones only the signed-in pages used are gone.
  const before = await cachedPaths();
  await page.evaluate(() => {
    performance.setResourceTimingBufferSize(1000);
    performance.clearResourceTimings();
  });
  await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loadedSince = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  await expect
    .poll(async () => {
      const loaded = await loadedSince();
      const now = await cachedPaths();
      return now.every((path) => loaded.includes(path)) && before.some((path) => !now.includes(path));
    })
    .toBe(true);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});
