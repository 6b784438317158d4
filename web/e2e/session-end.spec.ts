import { expect, test } from '@playwright/test';
import { liveStream, PASSWORD, register, uniqueEmail } from './support';

test('a session ended from another device offers sign-in over the page, and signing in comes back to it', async ({ browser, page }) => {
  const email = uniqueEmail('sesion-terminada');
  await register(page, email, 'Ana');
  const refusedTickets: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/tiempo-real/ticket') && r.status() === 401) refusedTickets.push(r.url());
  });
  const streaming = liveStream(page);
  await page.goto('/calendar');
  await streaming;
  await expect(page.getByRole('heading', { name: 'Calendario', exact: true })).toBeVisible();

  // On another device she signs in and ends every other session, this tab's among them.
  const phone = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await phone.goto('/login');
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Contraseña').fill(PASSWORD);
  await phone.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(phone).toHaveURL(/\/children$/);
  const ended = await phone.evaluate(async () => {
    const answer = await fetch('/api/usuarios/sesiones', { method: 'DELETE', headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    return answer.status;
  });
  expect(ended).toBe(200);

  // The tab hears its stream end, is refused a new ticket once, and offers to sign in; the page stays.
  const dialog = page.getByRole('dialog', { name: 'Tu sesión terminó' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Calendario', exact: true, includeHidden: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();

  await expect(page).toHaveURL(/\/login\?next=%2Fcalendar$/);
  await expect(page.getByText('Inicia sesión y volverás a la página en la que estabas.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  const back = liveStream(page);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { name: 'Calendario', exact: true })).toBeVisible();
  await back;
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The ended session was not retried: one refused ticket, not a tab knocking until it gave up.
  expect(refusedTickets).toHaveLength(1);
});

test('signing out in one tab offers sign-in in the others', async ({ page }) => {
  await register(page, uniqueEmail('otra-pestana'), 'Ana');
  await page.goto('/profile');
  const other = await page.context().newPage();
  await other.goto('/children');
  await expect(other.getByRole('heading', { name: 'Tus hijos' })).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
  await expect(page).toHaveURL(/\/login$/);

  const dialog = other.getByRole('dialog', { name: 'Tu sesión terminó' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(other).toHaveURL(/\/login\?next=%2Fchildren$/);
});

test('a page asked for without a session is where signing in leads, and only pages of this site are', async ({ page }) => {
  const email = uniqueEmail('siguiente');
  await register(page, email, 'Ana');
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/profile/documents?categoria=salud');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile%2Fdocuments%3Fcategoria%3Dsalud$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/profile\/documents\?categoria=salud$/);

  // A link that would lead elsewhere leads to the children instead.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login?next=%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/children$/);
});
