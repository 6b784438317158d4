import { expect, test, type Page } from '@playwright/test';
import { register, uniqueEmail } from './support';

// The browser says it is in Tokyo: what it creates must be stored in Tokyo's zone.
test.use({ timezoneId: 'Asia/Tokyo' });

/** The caller's families as the API answers them, with the page's own session. */
async function storedZones(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const answer = await page.request.get('/api/familias', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { data: { zonaHoraria: string }[] };
  return body.data.map((f) => f.zonaHoraria);
}

test('time zones: registering and starting a family store the browser zone; the profile changes one’s own', async ({ page }) => {
  await register(page, uniqueEmail('zonas'), 'Ana');
  expect(await storedZones(page)).toEqual(['Asia/Tokyo']);

  await page.goto('/profile/coparents');
  await expect(page.getByTestId('family')).toContainText('Zona horaria: Tokyo (GMT+9)');
  await page.getByLabel('Nombre de la nueva familia').fill('Casa de Tokio');
  await page.getByRole('button', { name: 'Crear familia' }).click();
  await expect(page.getByText('Familia creada')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Casa de Tokio' })).toBeVisible();
  expect(await storedZones(page)).toEqual(['Asia/Tokyo', 'Asia/Tokyo']);

  // One's own zone, in the profile: searched by city and picked with the keyboard.
  await page.goto('/profile/edit');
  const zone = page.getByRole('combobox', { name: 'Tu zona horaria' });
  await expect(zone).toHaveValue('Tokyo (GMT+9)');
  await zone.click();
  await zone.fill('madrid');
  await expect(page.getByRole('option')).toHaveCount(1);
  await zone.press('Enter');
  await expect(zone).toHaveValue(/^Madrid \(GMT\+[12]\)$/);
  await page.getByRole('button', { name: 'Guardar cambios' }).first().click();
  await expect(page.getByText('Perfil actualizado')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Tu zona horaria' })).toHaveValue(/^Madrid/);
  // The families keep theirs.
  expect(await storedZones(page)).toEqual(['Asia/Tokyo', 'Asia/Tokyo']);
});
