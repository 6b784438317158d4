import { expect, test } from '@playwright/test';
import { register, uniqueEmail } from './support';

test('families: see oneself as admin and rename the family', async ({ page }) => {
  await register(page, uniqueEmail('familias'), 'Ana');

  await page.goto('/profile');
  await page.getByRole('link', { name: /Co-padres/ }).click();
  await expect(page).toHaveURL(/\/profile\/coparents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Co-padres y familia' })).toBeVisible();

  const family = page.getByTestId('family');
  await expect(family).toHaveCount(1);
  const me = family.getByTestId('member');
  await expect(me).toHaveCount(1);
  await expect(me).toContainText('Ana García');
  await expect(me).toContainText('Tú');
  await expect(me).toContainText('Admin');
  await expect(page.getByText('Eres administrador/a')).toBeVisible();

  await family.getByRole('button', { name: 'Editar nombre y zona horaria' }).click();
  await page.getByLabel('Nombre de la familia').fill('Casa de Ana');
  const zone = page.getByRole('combobox', { name: 'Zona horaria' });
  await zone.click();
  await zone.fill('montevideo');
  await page.getByRole('option', { name: /Montevideo/ }).click();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Familia actualizada')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Casa de Ana' })).toBeVisible();
  await expect(family).toContainText('Zona horaria: Montevideo');

  // Survives a reload: it was saved on the server.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Casa de Ana' })).toBeVisible();

  // The only member cannot leave: the server's reason is shown in the dialog.
  await page.getByRole('button', { name: 'Salir de la familia' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Salir' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('member')).toHaveCount(1);
});
