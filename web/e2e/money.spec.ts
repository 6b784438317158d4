import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, liveStream, register, uniqueEmail } from './support';

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json.data;
}


/** Ana (in `a`) registers and makes a code; Bruno registers in a browser of his own and joins as a co-parent. */
async function twoParents(browser: Browser, a: Page): Promise<Page> {
  await register(a, uniqueEmail('ana-finanzas'), 'Ana');
  const [family] = await ok<{ _id: string }[]>(a, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(a, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const b = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(b, uniqueEmail('bruno-finanzas'), 'Bruno');
  await ok(b, 'POST', '/api/invitaciones/aceptar', { codigo });
  return b;
}

// A 1×1 PNG: the photo of a receipt, as small as one gets.
const RECEIPT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

// Intl writes a no-break space between the sign and the number.
const amount = (text: string) => new RegExp(text.replace(/[.$]/g, (c) => `\\${c}`).replace(/ /g, '[\\s\\u00a0]'));

test('an expense with its receipt is approved live, and a payment settles the balance on both screens', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const a = page;
  const b = await twoParents(browser, a);

  const aStreaming = liveStream(a);
  await a.goto('/finances');
  await aStreaming;
  const bStreaming = liveStream(b);
  await b.goto('/finances');
  await bStreaming;
  await expect(a.getByText('Todavía no hay gastos ni pagos.')).toBeVisible();
  await expect(b.getByText('No hay gastos para mostrar.')).toBeVisible();

  // Ana adds the dentist's bill, shared equally, with the photo of its receipt.
  await a.getByRole('button', { name: 'Agregar gasto' }).click();
  const dialog = a.getByRole('dialog', { name: 'Nuevo gasto' });
  await dialog.getByLabel('Descripción').fill('Dentista');
  await dialog.getByLabel('Monto').fill('24.691,34');
  await dialog.getByLabel('Categoría').selectOption('salud');
  const preview = dialog.getByRole('region', { name: 'Cuánto le toca a cada uno' });
  await expect(preview.getByRole('listitem').filter({ hasText: 'Ana García' })).toHaveText(amount('Ana García$ 12.345,67'));
  await expect(preview.getByRole('listitem').filter({ hasText: 'Bruno García' })).toHaveText(amount('Bruno García$ 12.345,67'));
  await dialog.getByLabel('Recibo o comprobante (foto o PDF, opcional)').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: RECEIPT });
  await dialog.getByRole('button', { name: 'Guardar gasto' }).click();
  await expect(dialog).toBeHidden();
  const aExpense = a.getByRole('listitem', { name: 'Dentista' });
  await expect(aExpense.getByText('Pendiente')).toBeVisible();
  await expect(aExpense.getByRole('button', { name: 'Ver recibo' })).toBeVisible();

  // Bruno's open page shows it without a reload; he looks at the receipt and approves.
  const bExpense = b.getByRole('listitem', { name: 'Dentista' });
  await expect(bExpense.getByText(amount('Te toca aprobarlo: tu parte es $ 12.345,67.'))).toBeVisible({ timeout: 10_000 });
  const download = b.waitForEvent('download');
  await bExpense.getByRole('button', { name: 'Ver recibo' }).click();
  expect((await download).suggestedFilename()).toMatch(/^recibo-\d{4}-\d{2}-\d{2}\.\w+$/);
  await bExpense.getByRole('button', { name: 'Aprobar' }).click();
  await expect(bExpense.getByText('Aprobado')).toBeVisible();

  // The balance changes on both screens.
  await expect(a.getByTestId('balance-ARS')).toContainText(amount('Bruno te debe $ 12.345,67'), { timeout: 10_000 });
  await expect(aExpense.getByText('Aprobado')).toBeVisible();
  await expect(b.getByTestId('balance-ARS')).toContainText(amount('Le debes $ 12.345,67 a Ana'));

  // Bruno records his payment from the balance; it counts once Ana confirms it.
  await b.getByRole('button', { name: 'Registrar mi pago' }).click();
  const payment = b.getByRole('dialog', { name: 'Registrar pago' });
  await expect(payment.getByLabel('Monto')).toHaveValue('12.345,67');
  await payment.getByLabel('Medio (opcional)').fill('Transferencia');
  await payment.getByRole('button', { name: 'Guardar pago' }).click();
  await expect(payment).toBeHidden();
  await b.getByRole('tab', { name: 'Pagos' }).click();
  await expect(b.getByText('Esperando que Ana lo confirme.')).toBeVisible();
  await expect(b.getByTestId('balance-ARS')).toContainText(amount('Le debes $ 12.345,67 a Ana'));

  await a.getByRole('tab', { name: 'Pagos' }).click();
  const aPayment = a.getByRole('listitem', { name: amount('Bruno → Tú $ 12.345,67') });
  await aPayment.getByRole('button', { name: 'Confirmar que llegó' }).click();
  await expect(aPayment.getByText('Confirmado')).toBeVisible();
  await expect(a.getByTestId('balance-ARS')).toHaveText('Están al día en ARS.');
  await expect(b.getByTestId('balance-ARS')).toHaveText('Están al día en ARS.', { timeout: 10_000 });
  await expect(b.getByRole('listitem', { name: amount('Tú → Ana $ 12.345,67') }).getByText('Confirmado')).toBeVisible();
});

test('an expense under the automatic-approval amount counts at once, on both screens', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const a = page;
  const b = await twoParents(browser, a);
  const aStreaming = liveStream(a);
  await a.goto('/finances');
  await aStreaming;
  const bStreaming = liveStream(b);
  await b.goto('/finances');
  await bStreaming;

  await a.getByRole('button', { name: 'Ajustes', exact: true }).click();
  const settings = a.getByRole('dialog', { name: 'Ajustes de finanzas' });
  await settings.getByLabel('Monto en ARS').fill('10.000');
  await settings.getByRole('button', { name: 'Guardar ajustes' }).click();
  await expect(settings).toBeHidden();

  await a.getByRole('button', { name: 'Agregar gasto' }).click();
  const dialog = a.getByRole('dialog', { name: 'Nuevo gasto' });
  await dialog.getByLabel('Descripción').fill('Cuaderno');
  await dialog.getByLabel('Monto').fill('3.000');
  await dialog.getByRole('button', { name: 'Guardar gasto' }).click();
  await expect(dialog).toBeHidden();
  await expect(a.getByRole('listitem', { name: 'Cuaderno' }).getByText('Aprobado')).toBeVisible();
  await expect(a.getByTestId('balance-ARS')).toContainText(amount('Bruno te debe $ 1.500,00'));
  await expect(b.getByTestId('balance-ARS')).toContainText(amount('Le debes $ 1.500,00 a Ana'), { timeout: 10_000 });
});

/** `dd/mm/yyyy` of the first day of the month `back` months before this one, as a Spanish date field takes it. */
function firstOfMonthsAgo(back: number): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth() - back, 1);
  return `01/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;
}

test('child support: the payee sets it up, the payer pays, and the oldest due is settled once confirmed', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const a = page;
  const b = await twoParents(browser, a);
  const aStreaming = liveStream(a);
  await a.goto('/finances');
  await aStreaming;
  await a.getByRole('tab', { name: 'Cuota alimentaria' }).click();
  await expect(a.getByText('No hay cuotas alimentarias registradas.')).toBeVisible();

  await a.getByRole('button', { name: 'Nueva cuota alimentaria' }).click();
  const dialog = a.getByRole('dialog', { name: 'Nueva cuota alimentaria' });
  await expect(dialog.getByLabel('Paga')).toHaveValue(/.+/);
  await dialog.getByLabel('Monto mensual').fill('250.000');
  await dialog.getByLabel('Día de vencimiento (1 a 28)').fill('10');
  await dialog.getByLabel('Desde').fill(firstOfMonthsAgo(3));
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const aCard = a.getByRole('listitem').filter({ hasText: 'Bruno te paga' });
  await expect(aCard.getByText(amount('$ 250.000,00 por mes'))).toBeVisible();
  await aCard.getByRole('button', { name: 'Ver cuotas e historial' }).click();
  const dues = aCard.getByRole('table', { name: 'Cuotas del período' });
  await expect(dues.getByRole('row').nth(1)).toContainText('Vencido');

  // Bruno pays one month; it counts once Ana confirms it arrived.
  const bStreaming = liveStream(b);
  await b.goto('/finances');
  await bStreaming;
  await b.getByRole('tab', { name: 'Cuota alimentaria' }).click();
  const bCard = b.getByRole('listitem').filter({ hasText: 'Le pagas a Ana' });
  await bCard.getByRole('button', { name: 'Registrar pago' }).click();
  const pay = b.getByRole('dialog', { name: 'Pago de cuota alimentaria' });
  await pay.getByLabel('Monto').fill('250.000');
  await pay.getByRole('button', { name: 'Guardar pago' }).click();
  await expect(pay).toBeHidden();

  const pending = aCard.getByRole('listitem').filter({ hasText: 'registrado por Bruno' });
  await expect(pending.getByText('Pendiente')).toBeVisible({ timeout: 10_000 });
  await pending.getByRole('button', { name: 'Confirmar que llegó' }).click();
  await expect(pending.getByText('Confirmado')).toBeVisible();
  await expect(dues.getByRole('row').nth(1)).toContainText('Pagado');
});
