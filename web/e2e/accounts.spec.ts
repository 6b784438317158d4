import { expect, test } from '@playwright/test';
import { PASSWORD, register, resetLinkFor, uniqueEmail } from './support';

test('register, land on /children, sign out and sign in again', async ({ page }) => {
  const email = uniqueEmail('ana');
  await register(page, email, 'Valentina');
  await expect(page.getByTestId('greeting')).toContainText('Valentina');
  await expect(page.getByRole('heading', { name: 'Tus hijos' })).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/children');
  await expect(page).toHaveURL(/\/login\?next=%2Fchildren$/);

  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/children$/);
  await expect(page.getByTestId('greeting')).toContainText('Valentina');
});

test('a wrong password is refused with a message', async ({ page }) => {
  const email = uniqueEmail('wrong');
  await register(page, email);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill('not-the-password');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email o contraseña incorrectos.');
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password, follow the mailed link, reset, sign in with the new password', async ({ page }) => {
  const email = uniqueEmail('reset');
  await register(page, email);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(link);
  const newPassword = 'una-clave-nueva-larga';
  await page.getByLabel('Nueva contraseña').fill(newPassword);
  await page.getByLabel('Confirmar contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('¡Contraseña restablecida!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.getByLabel('Contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/children$/);

  await page.goto(link);
  await expect(page.getByText('El enlace de restablecimiento ha expirado o no es válido')).toBeVisible();
});

test('a guarded route while signed out goes to /login, which names the way back', async ({ page }) => {
  await page.goto('/profile/coparents');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile%2Fcoparents$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
});

test('switching language changes the texts and survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByRole('button', { name: /EN/ }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: /ES/ }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
});

test('on a phone the drawer menu opens and navigates', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, uniqueEmail('phone'));
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Calendario' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Calendario', exact: true })).toBeVisible();
});
