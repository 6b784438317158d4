import { expect, test, type Page } from '@playwright/test';
import { callApi, register, uniqueEmail } from './support';

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json.data;
}

/** The greeting's name is shown whole: nothing of it is cut off. */
async function expectWholeName(page: Page, name: string) {
  const shown = page.getByTestId('greeting').getByText(name, { exact: true });
  await expect(shown).toBeVisible();
  const cut = await shown.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut, `${name} is cut`).toBe(false);
}

test('on a phone the greeting is whole in both languages, Documents is in the menu, and small buttons are 24 px tall', async ({ browser, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, uniqueEmail('telefono'), 'Valentina');
  await expectWholeName(page, 'Valentina');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Documents has its own place in the menu, and is the current one there, not Profile.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  let drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: 'Documentos' }).click();
  await expect(page).toHaveURL(/\/profile\/documents$/);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Documentos' })).toHaveAttribute('aria-current', 'page');
  await expect(drawer.getByRole('link', { name: 'Perfil' })).not.toHaveAttribute('aria-current', 'page');

  // The language switch is in the menu on a phone; in English the greeting is whole too.
  await drawer.getByRole('button', { name: /EN/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expectWholeName(page, 'Valentina');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /ES/ }).click();
  await page.keyboard.press('Escape');

  // A thread's "Reply" and a folded message's "Show it" are at least 24 px tall.
  const [family] = await ok<{ _id: string }[]>(page, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(page, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const bruno = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(bruno, uniqueEmail('bruno-telefono'), 'Bruno');
  await ok(bruno, 'POST', '/api/invitaciones/aceptar', { codigo });
  await ok(page, 'PUT', '/api/mensajes/ajustes', { escudo: true });
  const conversation = await ok<{ _id: string }>(page, 'POST', '/api/conversaciones', { familiaId: family!._id, asunto: 'Vacaciones', tema: 'general' });
  await ok(page, 'POST', `/api/conversaciones/${conversation._id}/mensajes`, { texto: '¿La primera semana con vos?' });
  await ok(bruno, 'POST', `/api/conversaciones/${conversation._id}/mensajes`, { texto: 'Sos una idiota, siempre lo mismo, estúpida' });
  await page.goto(`/messages/${conversation._id}`);
  const show = page.getByRole('button', { name: 'Mostrarlo' });
  await expect(show).toBeVisible();
  const reply = page.getByRole('button', { name: /^Responder/ }).first();
  for (const button of [show, reply]) {
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
  }
});

test('on a desktop Documents sits in the side menu beside messages, calendar and money', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await register(page, uniqueEmail('escritorio'), 'Valentina');
  const menu = page.getByRole('navigation', { name: 'Menú principal' }).first();
  await expect(menu.getByRole('link')).toHaveText(['Hijos', 'Mensajes', 'Finanzas', 'Calendario', 'Documentos', 'Perfil']);
  await menu.getByRole('link', { name: 'Documentos' }).click();
  await expect(page).toHaveURL(/\/profile\/documents$/);
  await expect(menu.getByRole('link', { name: 'Documentos' })).toHaveAttribute('aria-current', 'page');
});
