import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PASSWORD, register, uniqueEmail } from './support';

/** The path of the newest `/<kind>/<token>` link mailed to `to` (the server's outbox, as support.ts reads it). */
async function mailedLink(to: string, kind: 'verify-email' | 'confirm-email'): Promise<string> {
  const dir = join(process.env.NIDO_E2E_DATA_DIR ?? '', 'outbox');
  const pattern = new RegExp(`/${kind}/[A-Za-z0-9_-]+`);
  let link = '';
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
        } catch {
          return false;
        }
        // The files' names start with their time: newest last.
        for (const file of files.sort().reverse()) {
          const mail = readFileSync(join(dir, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          if (!mail.includes(to)) continue;
          const match = mail.match(pattern);
          if (match) {
            link = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link;
}

test('profile: counters, edit, language, password, sign out and in, sessions', async ({ page }) => {
  const email = uniqueEmail('perfil');
  await register(page, email, 'Valentina');

  // The hub: who is signed in and the real counters (a new account has nothing yet).
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Valentina García');
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  for (const label of ['Hijos', 'Co-padres', 'Mensajes', 'Documentos']) {
    await expect(page.locator('dt', { hasText: label }).locator('+ dd')).toHaveText('0');
  }
  await expect(page.getByText(/Nido versión \d+\.\d+\.\d+/)).toBeVisible();

  // Edit the last name.
  await page.getByRole('navigation', { name: 'Opciones de tu cuenta' }).getByRole('link', { name: /Editar perfil/ }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Perfil actualizado' })).toBeVisible();
  await expect(page.getByLabel('Apellido')).toHaveValue('Pérez');

  // Switch to English: applied at once, kept after a reload.
  await page.getByLabel('English').check();
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Language saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByLabel('English')).toBeChecked();
  await expect(page.getByLabel('Last name')).toHaveValue('Pérez');

  // Change the password: the block closes and a toast confirms.
  const newPassword = 'otra-clave-bien-larga';
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password updated' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Current password')).toBeHidden();

  // Sign out from the hub, after confirming.
  await page.getByRole('link', { name: 'Back to profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Valentina Pérez');
  await page.getByRole('main').getByRole('button', { name: /Sign out of Nido/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to sign out?');
  await dialog.getByRole('button', { name: 'Yes, sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/children$/);

  // One session left, and it is this one.
  await page.goto('/profile/privacy');
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible();
  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('This session');
  await expect(sessions.first()).toContainText('Chrome on Linux');
  await expect(page.getByText('Your account is only open in this browser.')).toBeVisible();
});

test('a wrong current password is refused on its field', async ({ page }) => {
  await register(page, uniqueEmail('clave'));
  await page.goto('/profile/edit');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await page.getByLabel('Contraseña actual').fill('no-es-esta-clave');
  await page.getByLabel('Nueva contraseña').fill('otra-clave-bien-larga');
  await page.getByLabel('Confirmar contraseña').fill('otra-clave-bien-larga');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByLabel('Contraseña actual')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toHaveAttribute('aria-expanded', 'true');
});

test('a new account is asked to confirm its email; a bad link says so', async ({ page }) => {
  const email = uniqueEmail('verifica');
  await register(page, email);
  const banner = page.getByRole('region', { name: 'Aviso de confirmación' });
  await expect(banner).toContainText(`te enviamos un enlace a ${email}`);
  await banner.getByRole('button', { name: 'Reenviar' }).click();
  await expect(banner).toContainText('Enviado');

  await page.goto('/verify-email/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a Nido' })).toHaveAttribute('href', '/children');
});

test('the mailed links verify the address, and confirm a new one', async ({ page }) => {
  const email = uniqueEmail('enlace');
  await register(page, email);
  const banner = page.getByRole('region', { name: 'Aviso de confirmación' });
  await expect(banner).toBeVisible();

  await page.goto(await mailedLink(email, 'verify-email'));
  await expect(page.getByRole('heading', { name: '¡Email confirmado!' })).toBeVisible();
  // One way on, not two to the same place.
  await expect(page.getByRole('link', { name: 'Ir a Nido' })).toHaveCount(1);
  await expect(page.getByTestId('go-to-account')).toHaveCount(0);
  await page.getByRole('link', { name: 'Ir a Nido' }).click();
  await expect(page).toHaveURL(/\/children$/);
  await expect(page.getByRole('heading', { name: 'Tus hijos' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // A new address waits for its own confirmation.
  const newEmail = uniqueEmail('nuevo');
  await page.goto('/profile/edit');
  await page.getByLabel('Email').fill(newEmail);
  // A new address takes the current password: asked for, then refused when wrong.
  const password = page.getByLabel('Tu contraseña actual');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill('no-es-esta-clave');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('La contraseña actual no es correcta')).toBeVisible();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText(`Te enviamos un enlace a ${newEmail} para confirmar el cambio.`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(password).toHaveCount(0);

  const confirmLink = await mailedLink(newEmail, 'confirm-email');
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: '¡Email actualizado!' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();

  // Opened again, the link says it was already used.
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: 'Este enlace ya se usó' })).toBeVisible();
  await expect(page.getByText('Tu nuevo email ya está en uso')).toBeVisible();
});

test('a password too easy to guess, or the current one, is refused with the reason', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Apellido').fill('García');
  await page.getByLabel('Email').fill(uniqueEmail('debil'));
  await page.getByLabel('Tu relación con los niños').selectOption('madre');
  await page.getByLabel('Contraseña', { exact: true }).fill('12345678');
  await page.getByLabel('Confirmar contraseña').fill('12345678');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/demasiado fácil de adivinar/)).toBeVisible();

  await register(page, uniqueEmail('igual'));
  await page.goto('/profile/edit');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await page.getByLabel('Contraseña actual').fill(PASSWORD);
  await page.getByLabel('Nueva contraseña').fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('La nueva contraseña es igual a la actual: elige otra')).toBeVisible();
});

test('another session can be ended from /profile/privacy', async ({ page }) => {
  const email = uniqueEmail('sesiones');
  await register(page, email);
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  for (let i = 0; i < 2; i++) {
    const answer = await page.request.post('/api/usuarios/login', { data: { email, password: PASSWORD }, headers: { 'User-Agent': iphone } });
    expect(answer.ok()).toBe(true);
  }

  await page.goto('/profile/privacy');
  const sessions = page.getByTestId('session');
  await expect(sessions).toHaveCount(3);
  await expect(sessions.filter({ hasText: 'Esta sesión' })).toHaveCount(1);

  await sessions.filter({ hasText: 'Safari en iOS' }).first().getByRole('button', { name: /Cerrar sesión/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sesión cerrada' })).toBeVisible();
  await expect(sessions).toHaveCount(2);

  await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Cerramos las demás sesiones' })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText('Esta sesión');
});
