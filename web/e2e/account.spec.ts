import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { nextTotp, PASSWORD, register, totp, uniqueEmail, verifyLinkFor } from './support';

async function signOut(page: Page) {
  await page.goto('/children');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

test('two-step verification: turn it on, sign in with a code, then with a recovery code, turn it off', async ({ page }) => {
  // Two codes from the app in a row: the second waits for the next 30-second window.
  test.setTimeout(90_000);
  const email = uniqueEmail('dospasos');
  await register(page, email);

  await page.goto('/profile/privacy');
  const section = page.getByRole('region', { name: 'Verificación en dos pasos' });
  const status = section.getByTestId('two-factor-status');
  await expect(status).toHaveText('Desactivada');
  await expect(section).toContainText('No ofrecemos códigos por SMS');

  // Only a confirmed address can add a second factor.
  await expect(section.getByTestId('two-factor-verify-first')).toContainText('Primero confirma tu email');
  await expect(section.getByRole('button', { name: 'Activar la verificación en dos pasos' })).toHaveCount(0);
  await page.goto(await verifyLinkFor(email));
  await expect(page.getByRole('heading', { name: '¡Email confirmado!' })).toBeVisible();
  await page.goto('/profile/privacy');

  // Starting takes the password again: a wrong one is refused on its field.
  const startPassword = section.getByLabel('Tu contraseña');
  await startPassword.fill('no-es-esta-clave');
  await section.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
  await expect(startPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText('La contraseña actual no es correcta')).toBeVisible();
  await startPassword.fill(PASSWORD);
  await section.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();

  // The QR code, and the key to type by hand in blocks of four.
  await expect(section.getByRole('img', { name: 'Código QR para añadir Nido a tu app de autenticación' })).toBeVisible();
  const shown = (await section.getByTestId('two-factor-secret').textContent()) ?? '';
  expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = shown.replace(/\s/g, '');

  // A wrong code is refused on the field; the right one turns it on.
  const codeField = section.getByLabel('Código de la app');
  await codeField.fill(totp(secret, new Date(Date.now() - 10 * 60_000)));
  await section.getByRole('button', { name: 'Activar', exact: true }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText('El código no es correcto', { exact: true })).toBeVisible();
  await codeField.fill(totp(secret));
  await section.getByRole('button', { name: 'Activar', exact: true }).click();

  // The ten recovery codes, shown once: keep two of them.
  const codes = section.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.nth(0).textContent()) ?? '';
  const spare = (await codes.nth(1).textContent()) ?? '';
  expect(recovery).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
  await expect(section.getByRole('note')).toContainText('No volveremos a mostrarlos');
  const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Descargar (.txt)' }).click()]);
  expect(file.suggestedFilename()).toBe('nido-codigos-de-recuperacion.txt');
  const text = readFileSync(await file.path(), 'utf8');
  expect(text).toContain(email);
  expect(text).toContain(recovery);
  await section.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verificación en dos pasos activada' })).toBeVisible();
  await expect(status).toHaveText('Activada · 10 códigos de recuperación sin usar');

  // Signing in now takes a code from the app.
  await signOut(page);
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  await page.getByLabel('Código de tu app de autenticación').fill(await nextTotp(secret));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/children$/);

  // Or a recovery code, once.
  await signOut(page);
  await signInWithPassword(page, email);
  await page.getByRole('button', { name: /Usar un código de recuperación/ }).click();
  await page.getByLabel('Código de recuperación').fill(recovery);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/children$/);

  // Turning it off takes the password and a code: the spent recovery code is refused, a fresh one works.
  await page.goto('/profile/privacy');
  await expect(status).toHaveText('Activada · 9 códigos de recuperación sin usar');
  await section.getByRole('button', { name: 'Desactivar la verificación en dos pasos' }).click();
  await section.getByLabel('Contraseña').fill(PASSWORD);
  const offCode = section.getByLabel('Código de la app o de recuperación');
  await offCode.fill(recovery);
  await section.getByRole('button', { name: 'Desactivar', exact: true }).click();
  await expect(offCode).toHaveAttribute('aria-invalid', 'true');
  await offCode.fill(spare);
  await section.getByRole('button', { name: 'Desactivar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verificación en dos pasos desactivada' })).toBeVisible();
  await expect(status).toHaveText('Desactivada');

  // And signing in is one step again.
  await signOut(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/children$/);
});

test('close the account, then reopen it from the sign-in page', async ({ page }) => {
  const email = uniqueEmail('cierre');
  await register(page, email, 'Lucía');

  await page.goto('/profile/edit');
  const zone = page.getByRole('region', { name: 'Zona de peligro' });
  await zone.getByRole('button', { name: 'Qué pasa si cierras tu cuenta' }).click();
  await expect(zone).toContainText('Tienes 90 días para reabrirla');
  await zone.getByRole('button', { name: 'Cerrar mi cuenta' }).click();

  // The word of the interface language is checked here; Cancel forgets what was typed.
  const dialog = page.getByRole('dialog', { name: '¿Cerrar tu cuenta?' });
  const word = dialog.getByLabel('Escribe «eliminar» para confirmar');
  const password = dialog.getByLabel('Contraseña');
  await word.fill('borrar');
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Cerrar mi cuenta' }).click();
  await expect(dialog.getByText('Debes escribir "eliminar" para confirmar')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await zone.getByRole('button', { name: 'Cerrar mi cuenta' }).click();
  await expect(word).toHaveValue('');
  await expect(password).toHaveValue('');
  await expect(dialog.getByText('Debes escribir "eliminar" para confirmar')).toHaveCount(0);

  // A wrong password is refused by the server, on its field.
  await word.fill('ELIMINAR');
  await password.fill('no-es-esta-clave');
  await dialog.getByRole('button', { name: 'Cerrar mi cuenta' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Cerrar mi cuenta' }).click();

  // Closed: back on the home page, signed out here as everywhere.
  await expect(page).toHaveURL(/:\d+\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await page.goto('/children');
  await expect(page).toHaveURL(/\/login\?next=%2Fchildren$/);

  // Signing in finds it closed and offers to reopen it.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Tu cuenta está cerrada' })).toBeVisible();
  await expect(page.getByTestId('closed-account')).toContainText('Esta cuenta está cerrada');
  await page.getByRole('button', { name: 'Reactivar mi cuenta' }).click();
  await expect(page).toHaveURL(/\/children$/);
  await expect(page.getByTestId('greeting')).toContainText('Lucía');
});

test("download a copy of one's data as a ZIP", async ({ page }) => {
  await register(page, uniqueEmail('datos'));
  await page.goto('/profile/privacy');
  const section = page.getByRole('region', { name: 'Tus datos' });
  await expect(section).toContainText('la ficha completa de cada hijo');
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Descargar mis datos (ZIP)' }).click()]);
  expect(download.suggestedFilename()).toBe('nido-mis-datos.zip');
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByRole('status').filter({ hasText: 'Tu copia se está descargando' })).toBeVisible();
});
