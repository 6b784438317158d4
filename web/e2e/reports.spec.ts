import { expect, test } from '@playwright/test';
import { callApi, register, uniqueEmail } from './support';

test('a parent reads the family statistics on a phone and saves a section as CSV', async ({ browser, page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, uniqueEmail('ana-informes'), 'Ana');
  const families = await callApi<{ _id: string }[]>(page, 'GET', '/api/familias');
  const familiaId = families.json.data[0]!._id;
  const code = await callApi<{ codigo: string }>(page, 'POST', `/api/familias/${familiaId}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const bruno = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(bruno, uniqueEmail('bruno-informes'), 'Bruno');
  expect((await callApi(bruno, 'POST', '/api/invitaciones/aceptar', { codigo: code.json.data.codigo })).status).toBe(200);
  const conversation = await callApi<{ _id: string }>(page, 'POST', '/api/conversaciones', { familiaId, tema: 'escuela', asunto: 'Reunión' });
  expect(conversation.status).toBe(201);
  const path = `/api/conversaciones/${conversation.json.data._id}/mensajes`;
  expect((await callApi(page, 'POST', path, { texto: 'Hola', tipo: 'normal' })).status).toBe(201);
  expect((await callApi(bruno, 'POST', path, { texto: 'Ahí voy', tipo: 'urgente' })).status).toBe(201);

  await page.goto('/profile/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible();
  // No schedule yet: the time section says what will show.
  const time = page.getByRole('region', { name: 'Tiempo con cada uno' });
  await expect(time).toContainText('Cuando la familia tenga un régimen de custodia');
  const messages = page.getByRole('region', { name: 'Mensajes' });
  const bruno_row = messages.getByRole('table', { name: 'Mensajes de cada uno' }).getByRole('row', { name: /Bruno/ });
  await expect(bruno_row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Dinero' })).toContainText('Cuando haya gastos aprobados');

  const saving = page.waitForEvent('download');
  await messages.getByRole('button', { name: 'Descargar CSV' }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toMatch(/^mensajes-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain('Persona,Enviados,Urgentes,Emergencias');

  await page.getByLabel('Período').selectOption('custom');
  await expect(page.getByLabel('Desde')).toBeVisible();
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a parent makes a certified report on a phone, downloads it, and anyone checks it on the verification page', async ({ browser, page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, uniqueEmail('ana-certificado'), 'Ana');

  await page.goto('/profile/reports');
  const reports = page.getByRole('region', { name: 'Informes certificados' });
  await expect(reports).toContainText('Todavía no pediste ningún informe');
  // A family of one co-parent may ask for money too; the documents are left out here.
  await reports.getByRole('checkbox', { name: 'Documentos', exact: true }).uncheck();
  // With Messages chosen, the messages' files may ride in the PDF; the box says how.
  const attach = reports.getByRole('checkbox', { name: 'Adjuntar al PDF los archivos de los mensajes' });
  await expect(attach).toHaveAccessibleDescription(/hasta 64 MB/);
  await attach.check();
  await reports.getByRole('button', { name: 'Hacer el informe' }).click();
  const made = reports.getByRole('listitem').first();
  await expect(made.getByRole('button', { name: 'Descargar PDF' })).toBeVisible({ timeout: 30_000 });
  await expect(made).toContainText('Mensajes · Calendario · Dinero · Registro de la familia');
  await expect(made).toContainText(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/);

  const saving = page.waitForEvent('download');
  await made.getByRole('button', { name: 'Descargar PDF' }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toMatch(/^nido-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\.pdf$/);
  const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const code = (await made.locator('dd.font-mono').textContent()) ?? '';

  // Anyone checks it on the public page, with no account: the file as downloaded, then a copy
  // with one byte changed, then its code.
  const visitor = await (await browser.newContext({ locale: 'es-AR', viewport: { width: 390, height: 844 } })).newPage();
  await visitor.goto('/verificar');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Comprobar un informe' })).toBeVisible();
  await visitor.getByLabel('PDF del informe').setInputFiles({ name: 'informe.pdf', mimeType: 'application/pdf', buffer: bytes });
  await visitor.getByRole('button', { name: 'Comprobar el archivo' }).click();
  await expect(visitor.getByRole('heading', { name: 'Informe auténtico' })).toBeVisible();
  await expect(visitor.getByText(code)).toBeVisible();
  const altered = Buffer.from(bytes);
  const at = Math.floor(altered.length / 3);
  altered[at] = (altered[at] ?? 0) ^ 1;
  await visitor.getByLabel('PDF del informe').setInputFiles({ name: 'informe.pdf', mimeType: 'application/pdf', buffer: altered });
  await visitor.getByRole('button', { name: 'Comprobar el archivo' }).click();
  await expect(visitor.getByRole('heading', { name: 'No es válido' })).toBeVisible();
  await expect(visitor.getByText('El archivo cambió después de firmado')).toBeVisible();
  await visitor.goto(`/verificar/${code}`);
  await expect(visitor.getByRole('heading', { name: 'Informe auténtico' })).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await made.getByRole('button', { name: 'Borrar' }).click();
  await expect(reports).toContainText('Todavía no pediste ningún informe');
});
