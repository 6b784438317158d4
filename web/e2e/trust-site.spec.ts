import { expect, test, type Page } from '@playwright/test';
import { openLive, register, uniqueEmail } from './support';

/** Calls the API as the signed-in user of `page` (the token the app keeps in localStorage). */
async function apiAs(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ([method, path, body]) => {
      const res = await fetch(path as string, {
        method: method as string,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body] as const,
  );
}

test('the landing page and the placeholders claim only what is true', async ({ page }) => {
  await openLive(page, '/');
  const coparents = page.locator('#features li').filter({ hasText: 'Varios co-padres' });
  await expect(coparents).toContainText('Disponible');
  await expect(coparents).not.toContainText('Próximamente');
  await expect(page.locator('#how-it-works li').filter({ hasText: 'Invita al otro' })).not.toContainText('Próximamente');

  await openLive(page, '/help/getting-started/invite-coparent');
  await expect(page.getByRole('main')).not.toContainText(/próximamente/i);

  const status = await page.request.get('/api/system/status');
  const names = ((await status.json()) as { data: { services: { name: string }[] } }).data.services.map((s) => s.name);
  expect(names).not.toContain('mobileApp');
});

test('help search finds an article by words of its body', async ({ page }) => {
  await openLive(page, '/help');
  await page.getByRole('searchbox').fill('código de vinculación');
  const found = page.getByRole('region', { name: 'Artículos' });
  await expect(found.getByRole('link')).toHaveCount(1);
  await expect(found.getByRole('link')).toHaveAttribute('href', '/help/getting-started/invite-coparent');
});

test('an unknown blog post says it does not exist, and the contact form asks for the name', async ({ page }) => {
  const answer = await page.goto('/blog/no-existe');
  expect(answer?.status()).toBe(404);
  await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Esta publicación no existe');

  await openLive(page, '/contact');
  await page.getByRole('button', { name: /Enviar/ }).click();
  await expect(page.getByText('El nombre es requerido')).toBeVisible();
  await page.getByRole('button', { name: /^EN/ }).first().click();
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
});

test('signed in: account offered on public pages, language saved, help, about, suggestions', async ({ page }) => {
  const email = uniqueEmail('site');
  await register(page, email);

  await openLive(page, '/');
  await expect(page.getByRole('link', { name: 'Ir a mi cuenta' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
  await openLive(page, '/login');
  await expect(page.getByRole('link', { name: 'Ir a mi cuenta' })).toBeVisible();

  // One version, from the build: the server's, the Updates page's and the footer's.
  const health = (await (await page.request.get('/api/health')).json()) as { data: { version: string } };
  await openLive(page, '/updates');
  await expect(page.getByTestId('current-version')).toHaveText(`v${health.data.version}`);
  await expect(page.getByTestId('footer-version')).toContainText(health.data.version);

  // Switching the language in the app saves it: the server then answers in English.
  await page.goto('/children');
  await expect(page).toHaveTitle('Tus hijos · Nido');
  await page.getByRole('button', { name: /^EN/ }).first().click();
  await expect(page).toHaveTitle('Your children · Nido');
  await expect.poll(async () => (await apiAs(page, 'GET', '/api/usuarios/perfil')).body.language).toBe('en');
  const refused = await apiAs(page, 'POST', '/api/sugerencias', { mensaje: ' ' });
  expect(refused.status).toBe(422);
  expect(refused.body.errors.mensaje).toBe('Write your suggestion');

  await page.goto('/profile/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help centre');
  await page.getByRole('searchbox', { name: 'Search help topics' }).fill('linking code');
  await expect(page.getByRole('region', { name: 'Articles' }).getByRole('link')).toHaveCount(1);

  await page.goto('/profile/about');
  await expect(page.getByTestId('about-version')).toHaveText(health.data.version);

  await page.goto('/profile/suggestions');
  await expect(page).toHaveTitle('Suggestions · Nido');
  await page.getByLabel('Message', { exact: true }).fill('A colour per child in the calendar, please');
  await page.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your suggestion' })).toBeVisible();
});

test('signed-in pages: skip link, dialogs that give focus back and close on Back, dates in the language', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, uniqueEmail('a11y'), 'Maximiliana Guadalupe Esperanza');
  await page.goto('/children');

  // On a phone the greeting stays within the header's height, the name on a line of its own, and
  // nothing scrolls sideways.
  const greeting = page.getByTestId('greeting');
  const box = await greeting.boundingBox();
  expect(box!.height).toBeLessThan(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  const add = page.getByRole('button', { name: 'Agregar hijo' }).first();
  await add.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const birth = dialog.getByLabel('Fecha de nacimiento');
  await expect(birth).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  await dialog.getByLabel('Nombre').first().fill('Tomás');
  // The phone's Back closes the dialog; the page stays.
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/children$/);

  await add.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});
