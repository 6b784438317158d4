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
  await expect(a.getByText('Todavía no cuenta nada: no hay gastos aprobados ni pagos confirmados.')).toBeVisible();
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

  // Bruno's open page shows it without a reload; he looks at the receipt, in the page, and approves.
  const bExpense = b.getByRole('listitem', { name: 'Dentista' });
  await expect(bExpense.getByText(amount('Te toca aprobarlo: tu parte es $ 12.345,67.'))).toBeVisible({ timeout: 10_000 });
  await bExpense.getByRole('button', { name: 'Ver recibo' }).click();
  const viewer = b.getByRole('dialog', { name: 'Recibo: Dentista' });
  await expect(viewer.getByRole('img', { name: 'Recibo: Dentista' })).toBeVisible();
  expect(await viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const download = b.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Descargar' }).click();
  expect((await download).suggestedFilename()).toMatch(/^recibo-\d{4}-\d{2}-\d{2}\.jpg$/);
  await viewer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(viewer).toBeHidden();
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

test('an automatic-approval amount Bruno accepts makes a small expense count at once, on both screens', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const a = page;
  const b = await twoParents(browser, a);
  const aStreaming = liveStream(a);
  await a.goto('/finances');
  await aStreaming;
  const bStreaming = liveStream(b);
  await b.goto('/finances');
  await bStreaming;

  // Raising it is for both: Ana proposes, and it waits for Bruno.
  await a.getByRole('button', { name: 'Ajustes', exact: true }).click();
  const settings = a.getByRole('dialog', { name: 'Ajustes de finanzas' });
  await settings.getByLabel('Monto en ARS').fill('10.000');
  await settings.getByRole('button', { name: 'Guardar ajustes' }).click();
  await expect(settings.getByText('Lo que necesita el acuerdo de los demás se les propuso: se aplica cuando todos lo acepten.')).toBeVisible();
  await expect(settings.getByRole('region', { name: 'Cambio propuesto' })).toContainText('Falta la respuesta de Bruno García.');
  await settings.getByRole('button', { name: 'Cerrar' }).click();

  // Bruno's page tells him, and he accepts it from the settings.
  await expect(b.getByText('Ana propone cambiar los ajustes de finanzas.')).toBeVisible({ timeout: 10_000 });
  await b.getByRole('button', { name: 'Revisar' }).click();
  const bSettings = b.getByRole('dialog', { name: 'Ajustes de finanzas' });
  const proposal = bSettings.getByRole('region', { name: 'Cambio propuesto' });
  await expect(proposal).toContainText(amount('aprobación automática en ARS: $ 10.000,00'));
  await expect(proposal.getByRole('listitem')).toHaveCount(1);
  await proposal.getByRole('button', { name: 'Aceptar' }).click();
  await expect(bSettings).toBeHidden();
  await expect(b.getByText('Ana propone cambiar los ajustes de finanzas.')).toBeHidden();
  await b.getByRole('button', { name: 'Ajustes', exact: true }).click();
  await expect(bSettings.getByLabel('Monto en ARS')).toHaveValue('10.000,00');
  await bSettings.getByRole('button', { name: 'Cerrar' }).click();

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

  // What is still overdue shows in the balance: not even while support is owed.
  await expect(a.getByTestId('balance-ARS')).toContainText(/Bruno te debe \$\s[\d.]+,00 de cuota alimentaria vencida/u);
  await expect(a.getByText('Están al día en ARS.')).toBeHidden();

  // Bruno, who pays, asks to halve it: it waits for Ana, who accepts it.
  await bCard.getByRole('button', { name: 'Actualizar monto' }).click();
  const adjust = b.getByRole('dialog', { name: 'Actualizar el monto' });
  await adjust.getByLabel('Cambio en %').fill('-50');
  await adjust.getByRole('button', { name: 'Guardar' }).click();
  await expect(adjust).toBeHidden();
  await expect(bCard.getByText(/Propusiste cambiar la cuota a \$\s125\.000,00 desde el .+: falta que Ana lo acepte\./u)).toBeVisible();
  await expect(bCard.getByText(amount('$ 250.000,00 por mes'))).toBeVisible();
  const asked = aCard.getByRole('group', { name: /Bruno propone/u });
  await asked.getByRole('button', { name: 'Aceptar' }).click({ timeout: 10_000 });
  await expect(asked).toBeHidden();
  await expect(aCard.getByText(/cambio del -50 %/u)).toBeVisible();
});

test('a disputed expense goes back and forth until the parents agree', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const a = page;
  const b = await twoParents(browser, a);
  const aStreaming = liveStream(a);
  await a.goto('/finances');
  await aStreaming;
  const bStreaming = liveStream(b);
  await b.goto('/finances');
  await bStreaming;

  // Ana adds the orthodontist's bill; Bruno disputes it, proposing a lower total.
  await a.getByRole('button', { name: 'Agregar gasto' }).click();
  const dialog = a.getByRole('dialog', { name: 'Nuevo gasto' });
  await dialog.getByLabel('Descripción').fill('Ortodoncia');
  await dialog.getByLabel('Monto').fill('10.000');
  await dialog.getByRole('button', { name: 'Guardar gasto' }).click();
  await expect(dialog).toBeHidden();
  const bExpense = b.getByRole('listitem', { name: 'Ortodoncia' });
  await bExpense.getByRole('button', { name: 'Disputar' }).click({ timeout: 10_000 });
  const dispute = b.getByRole('dialog', { name: 'Disputar gasto' });
  await dispute.getByLabel('Comentario').fill('El presupuesto decía menos');
  await dispute.getByLabel('Monto total que aceptarías (opcional)').fill('6.000');
  await dispute.getByRole('button', { name: 'Enviar disputa' }).click();
  await expect(dispute).toBeHidden();
  await expect(bExpense.getByText('En disputa', { exact: true })).toBeVisible();

  // Ana answers with the bill in hand: another total, which goes back to Bruno.
  const aExpense = a.getByRole('listitem', { name: 'Ortodoncia' });
  await expect(aExpense.getByText('Te toca responder la disputa.')).toBeVisible({ timeout: 10_000 });
  await expect(aExpense.getByText(amount('Propone un total de $ 6.000,00.'))).toBeVisible();
  await aExpense.getByRole('button', { name: 'Responder' }).click();
  const reply = a.getByRole('dialog', { name: 'Responder la disputa' });
  await expect(reply.getByRole('button', { name: 'Aceptar la propuesta' })).toBeVisible();
  await reply.getByLabel('Comentario').fill('La factura final fue de 8.000');
  await reply.getByLabel('Otro monto total (opcional)').fill('8.000');
  await reply.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(reply).toBeHidden();
  await expect(aExpense.getByText('Ana contestó')).toBeVisible();

  // Bruno approves the counter-proposal: it becomes the expense and counts.
  await bExpense.getByRole('button', { name: 'Aprobar la contrapropuesta' }).click({ timeout: 10_000 });
  await expect(bExpense.getByText('Aprobado')).toBeVisible();
  await expect(bExpense.getByText(/^\$[\s\u00a0]8\.000,00$/u)).toBeVisible();
  await expect(a.getByTestId('balance-ARS')).toContainText(amount('Bruno te debe $ 4.000,00'), { timeout: 10_000 });

  // A second one: Ana takes Bruno's proposal as it is.
  await a.getByRole('button', { name: 'Agregar gasto' }).click();
  await dialog.getByLabel('Descripción').fill('Anteojos');
  await dialog.getByLabel('Monto').fill('3.000');
  await dialog.getByRole('button', { name: 'Guardar gasto' }).click();
  await expect(dialog).toBeHidden();
  const bGlasses = b.getByRole('listitem', { name: 'Anteojos' });
  await bGlasses.getByRole('button', { name: 'Disputar' }).click({ timeout: 10_000 });
  await dispute.getByLabel('Comentario').fill('Los pagó la obra social en parte');
  await dispute.getByLabel('Monto total que aceptarías (opcional)').fill('2.000');
  await dispute.getByRole('button', { name: 'Enviar disputa' }).click();
  await expect(dispute).toBeHidden();
  const aGlasses = a.getByRole('listitem', { name: 'Anteojos' });
  await aGlasses.getByRole('button', { name: 'Responder' }).click({ timeout: 10_000 });
  await reply.getByRole('button', { name: 'Aceptar la propuesta' }).click();
  await expect(reply).toBeHidden();
  await expect(aGlasses.getByText('Aprobado')).toBeVisible();
  await expect(a.getByTestId('balance-ARS')).toContainText(amount('Bruno te debe $ 5.000,00'));
  await expect(b.getByTestId('balance-ARS')).toContainText(amount('Le debes $ 5.000,00 a Ana'), { timeout: 10_000 });
});
