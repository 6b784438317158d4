import { expect, test, type Page } from '@playwright/test';
import { callApi, register, uniqueEmail } from './support';

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json.data;
}

test('a new parent says their relation to the children when registering, and it is on their family', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Nombre').fill('Bruno');
  await page.getByLabel('Apellido').fill('García');
  await page.getByLabel('Email').fill(uniqueEmail('padre'));
  await page.getByLabel('Contraseña', { exact: true }).fill('buenas-noches-2026');
  await page.getByLabel('Confirmar contraseña').fill('buenas-noches-2026');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Elige tu relación con los niños')).toBeVisible();

  await page.getByLabel('Tu relación con los niños').selectOption('padre');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/children$/);
  await page.goto('/profile/coparents');
  const me = page.getByTestId('member').filter({ hasText: 'Bruno García' });
  await expect(me.getByLabel('Tu relación con los niños')).toHaveValue('padre');
});

test('a payment of child support one recorded reads "registrado por ti", in English "recorded by you"', async ({ browser, page: ana }) => {
  await register(ana, uniqueEmail('ana-cuota'), 'Ana');
  const [family] = await ok<{ _id: string }[]>(ana, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(ana, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const bruno = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(bruno, uniqueEmail('bruno-cuota'), 'Bruno', 'padre');
  await ok(bruno, 'POST', '/api/invitaciones/aceptar', { codigo });
  const members = (await ok<{ miembros: { usuarioId: string; nombre: string }[] }>(ana, 'GET', `/api/familias/${family!._id}`)).miembros;
  const id = (name: string) => members.find((m) => m.nombre === name)?.usuarioId;
  const today = new Date().toISOString().slice(0, 10);
  const support = await ok<{ id: string }>(ana, 'POST', `/api/familias/${family!._id}/cuotas`, {
    pagador: id('Bruno'),
    beneficiario: id('Ana'),
    modo: 'monto',
    monto: 25_000_000,
    moneda: 'ARS',
    diaVencimiento: 10,
    desde: `${today.slice(0, 7)}-01`,
  });
  await ok(bruno, 'POST', `/api/familias/${family!._id}/cuotas/${support.id}/pagos`, { monto: 25_000_000, fecha: today });

  await bruno.goto('/finances');
  await bruno.getByRole('tab', { name: 'Cuota alimentaria' }).click();
  const card = bruno.getByRole('listitem').filter({ hasText: 'Le pagas a Ana' });
  await card.getByRole('button', { name: 'Ver cuotas e historial' }).click();
  await expect(card.getByText(/registrado por ti/)).toBeVisible();
  await expect(card.getByText(/registrado por Tú/)).toHaveCount(0);

  await bruno.getByRole('button', { name: /^EN/ }).first().click();
  await expect(bruno.getByRole('listitem').filter({ hasText: 'You pay Ana' }).getByText(/recorded by you/)).toBeVisible();
});
