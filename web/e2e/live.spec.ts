import { expect, test } from '@playwright/test';
import { callApi, liveStream, register, uniqueEmail } from './support';


test('a change made in another tab shows up without reloading', async ({ context, page }) => {
  const streaming = liveStream(page);
  await register(page, uniqueEmail('live'));
  await streaming;
  const other = await context.newPage();
  await other.goto('/children');
  await callApi(other, 'POST', '/api/hijos', { nombre: 'Lucía', apellido: 'García', fechaNacimiento: '2017-03-02', genero: 'femenino' });
  await expect(page.getByText('Lucía').first()).toBeVisible();
});

test('the bell and the notification centre, with nothing to tell yet', async ({ page }) => {
  await register(page, uniqueEmail('bell'));
  const bell = page.getByTestId('bell');
  await expect(bell).toHaveAccessibleName('Notificaciones, ninguna sin leer');
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  await expect(panel.getByText('No tienes notificaciones.')).toBeVisible();
  await panel.getByRole('link', { name: 'Ver todas' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page).toHaveTitle('Notificaciones · Nido');
  await expect(page.getByText('Todavía no hay notificaciones')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Preferencias' })).toHaveAttribute('href', '/profile/notifications');
});

test('the bell counts a new notice live, opens it and marks it read', async ({ page, browser }) => {
  const streaming = liveStream(page);
  await register(page, uniqueEmail('bell-owner'));
  await streaming;
  const bell = page.getByTestId('bell');
  await expect(bell).toHaveAccessibleName('Notificaciones, ninguna sin leer');
  const families = await callApi<{ _id: string }[]>(page, 'GET', '/api/familias');
  const familyId = families.json.data[0]?._id ?? '';
  const code = await callApi<{ codigo: string }>(page, 'POST', `/api/familias/${familyId}/codigo`, { permiso: 'coparent' });

  const guestContext = await browser.newContext({ locale: 'es-AR' });
  const guest = await guestContext.newPage();
  await register(guest, uniqueEmail('bell-guest'), 'Carlos');
  expect((await callApi(guest, 'POST', '/api/invitaciones/aceptar', { codigo: code.json.data.codigo })).status).toBe(200);
  await guestContext.close();

  // No reload: the live event brings the count.
  await expect(bell).toHaveAccessibleName('1 notificación sin leer');
  await expect(page.getByTestId('bell-badge')).toHaveText('1');
  await bell.click();
  const notice = page.getByRole('region', { name: 'Notificaciones' }).getByTestId('notification').first();
  await expect(notice).toContainText('Carlos');
  await notice.click();
  await expect(bell).toHaveAccessibleName('Notificaciones, ninguna sin leer');

  await page.goto('/notifications');
  await expect(page.getByTestId('notification')).toHaveCount(1);
  await expect(page.getByText('Estás al día.')).toBeVisible();
});
