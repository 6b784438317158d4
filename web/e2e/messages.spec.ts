import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, liveStream, mailsTo, register, uniqueEmail } from './support';

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json.data;
}


interface Parents {
  a: Page;
  b: Page;
  bEmail: string;
  bId: string;
}

/** Ana (in `a`) registers and makes a code; Bruno registers in a browser of his own and joins as a co-parent. */
async function twoParents(browser: Browser, a: Page): Promise<Parents> {
  await register(a, uniqueEmail('ana-mensajes'), 'Ana');
  const [family] = await ok<{ _id: string }[]>(a, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(a, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const b = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  const bEmail = uniqueEmail('bruno-mensajes');
  await register(b, bEmail, 'Bruno');
  await ok(b, 'POST', '/api/invitaciones/aceptar', { codigo });
  const { _id: bId } = (await callApi(b, 'GET', '/api/usuarios/perfil')).json as unknown as { _id: string };
  return { a, b, bEmail, bId };
}

/** Ana starts a conversation through the dialog, Bruno ticked as the co-parent he is; returns its id. */
async function startConversation(a: Page, asunto: string): Promise<string> {
  await a.goto('/messages');
  await a.getByRole('button', { name: 'Nueva' }).click();
  const dialog = a.getByRole('dialog', { name: 'Nueva conversación' });
  await dialog.getByLabel('Tema').selectOption('escuela');
  await dialog.getByLabel('Asunto').fill(asunto);
  await expect(dialog.getByRole('checkbox', { name: /Bruno/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Crear conversación' }).click();
  await expect(a).toHaveURL(/\/messages\/[^/]+$/);
  await expect(a.getByTestId('thread-subject')).toHaveText(asunto);
  return a.url().split('/').pop() ?? '';
}

async function send(page: Page, text: string) {
  await page.getByLabel('Mensaje', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByLabel('Mensaje', { exact: true })).toHaveValue('');
}

/** `HH:MM` at `at` in `zone`. */
function timeIn(zone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** Reads the e2e server's SQLite database (a notice's delivery state is not in the API). */
function query(sql: string): Record<string, unknown>[] {
  const db = join(process.env.NIDO_E2E_DATA_DIR ?? '', 'nido.db');
  const out = execFileSync('sqlite3', ['-readonly', '-json', db, sql], { encoding: 'utf8' });
  return out.trim() ? (JSON.parse(out) as Record<string, unknown>[]) : [];
}

test('two parents converse live, and the sender sees when the other first viewed the message', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const { a, b } = await twoParents(browser, page);
  const bStreaming = liveStream(b);
  await b.goto('/messages');
  await bStreaming;
  await expect(b.getByText('Todavía no hay conversaciones')).toBeVisible();

  await startConversation(a, 'Reunión de padres');
  // The new conversation reaches Bruno's open list without a reload.
  const item = b.getByTestId('conversations').getByRole('link', { name: /Reunión de padres/ });
  await expect(item).toBeVisible({ timeout: 10_000 });

  await send(a, 'La reunión es el jueves a las 18.');
  const mine = a.getByTestId('message').filter({ hasText: 'La reunión es el jueves a las 18.' });
  await expect(mine.getByTestId('seen')).toHaveText('Enviado');
  // Bruno's list shows it unread; the menu counts it.
  await expect(item).toContainText('La reunión es el jueves');
  await expect(b.getByTestId('messages-badge').first()).toContainText('1');
  // The bell counts the message's notice among Bruno's others.
  const unreadNotices = async () => (await ok<{ total: number }>(b, 'GET', '/api/notificaciones/no-leidas')).total;
  const noticesBefore = await unreadNotices();
  const bell = b.getByTestId('bell-badge');
  await expect(bell).toHaveText(String(noticesBefore), { timeout: 10_000 });

  await item.click();
  await expect(b.getByTestId('message').filter({ hasText: 'La reunión es el jueves a las 18.' })).toBeVisible();
  // Opening the thread records the first view; Ana's screen shows its time without a reload.
  await expect(mine.getByTestId('seen')).toHaveText(/^Visto \d{2}:\d{2}$/, { timeout: 10_000 });
  await expect(b.getByTestId('messages-badge')).toHaveCount(0);
  // Seeing the message read its notice: the bell counts one less without a reload.
  expect(await unreadNotices()).toBe(noticesBefore - 1);
  if (noticesBefore > 1) await expect(bell).toHaveText(String(noticesBefore - 1));
  else await expect(bell).toHaveCount(0);

  // Bruno answers quoting it; Ana's open thread receives it live.
  await b.getByTestId('message').filter({ hasText: 'La reunión es el jueves' }).getByRole('button', { name: /^Responder/ }).click();
  await expect(b.getByText('Respondiendo a Ana García')).toBeVisible();
  await send(b, 'Perfecto, ahí estaré.');
  const reply = a.getByTestId('message').filter({ hasText: 'Perfecto, ahí estaré.' });
  await expect(reply).toBeVisible({ timeout: 10_000 });
  await expect(reply).toContainText('La reunión es el jueves a las 18.');
  await expect(a.getByRole('separator', { name: 'Hoy' })).toHaveCount(1);
});

test('a hostile draft is highlighted with a calmer wording, and the parent may still send it', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const { a } = await twoParents(browser, page);
  await startConversation(a, 'Fin de semana');
  const box = a.getByLabel('Mensaje', { exact: true });
  await box.fill('Sos un inútil, nunca llegás a horario.');
  const mark = a.getByTestId('tone-mark').first();
  await expect(mark).toBeVisible({ timeout: 10_000 });
  const help = a.getByTestId('tone-help');
  await expect(help).toContainText('inútil');
  // The insult is best left out; the absolute has a calmer wording that keeps the verb.
  await expect(help.getByRole('button', { name: 'Quitar esta frase' })).toBeVisible();
  await expect(help.getByRole('button', { name: 'Usar: «últimamente no llegás»' })).toBeVisible();

  await help.getByRole('button', { name: 'Quitar esta frase' }).click();
  await expect(box).toHaveValue('Nunca llegás a horario.');
  await help.getByRole('button', { name: 'Usar: «Últimamente no llegás»' }).click();
  await expect(box).toHaveValue('Últimamente no llegás a horario.');
  await a.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(box).toHaveValue('');
  await expect(a.getByTestId('message')).toHaveCount(1);
});

test('in the recipient\'s quiet hours an emergency goes out by mail while a normal message waits', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const { a, b, bEmail, bId } = await twoParents(browser, page);
  const { zonaHoraria } = await ok<{ zonaHoraria: string }>(b, 'GET', '/api/notificaciones/preferencias');
  await ok(b, 'PUT', '/api/notificaciones/preferencias', {
    silencio: { desde: timeIn(zonaHoraria, new Date(Date.now() - 60 * 60_000)), hasta: timeIn(zonaHoraria, new Date(Date.now() + 60 * 60_000)) },
  });

  const id = await startConversation(a, 'Salud de Leo');
  await send(a, 'Mañana lo llevo al pediatra.');
  await expect
    .poll(() => query(`SELECT entrega FROM notificaciones WHERE usuario_id = '${bId}' AND tipo = 'mensaje.nuevo'`).map((row) => row.entrega), { timeout: 15_000 })
    .toEqual(['retenida']);
  expect(mailsTo(bEmail).filter((mail) => mail.includes(`/messages/${id}`))).toEqual([]);

  await a.getByLabel('Mensaje', { exact: true }).fill('Leo tiene fiebre alta, vamos a la guardia.');
  await a.getByLabel('Tipo de mensaje').selectOption('emergencia');
  await a.getByRole('button', { name: 'Enviar', exact: true }).click();
  const confirm = a.getByRole('dialog', { name: '¿Enviar como emergencia?' });
  await expect(confirm).toContainText('como máximo 3 en 24 horas');
  await confirm.getByRole('button', { name: 'Enviar emergencia' }).click();
  await expect(a.getByTestId('message').filter({ hasText: 'Leo tiene fiebre alta' })).toContainText('Emergencia');

  await expect.poll(() => mailsTo(bEmail).filter((mail) => mail.includes(`/messages/${id}`)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = mailsTo(bEmail).filter((m) => m.includes(`/messages/${id}`));
  // The mail says who wrote and about what, never the text.
  expect(mail).toContain('Ana');
  expect(mail).not.toContain('fiebre');
  expect(query(`SELECT entrega FROM notificaciones WHERE usuario_id = '${bId}' AND tipo = 'mensaje.nuevo'`).map((row) => row.entrega)).toEqual(['retenida']);
});

test('files go with a message: the image as a thumbnail that opens full size, the PDF as a named chip', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const { a, b } = await twoParents(browser, page);
  const id = await startConversation(a, 'Autorización de la excursión');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await a.getByTestId('attach-input').setInputFiles([
    { name: 'acto.png', mimeType: 'image/png', buffer: readFileSync(join(process.cwd(), 'public/icons/icon-192.png')) },
    { name: 'autorizacion.pdf', mimeType: 'application/pdf', buffer: pdf },
  ]);
  const files = a.getByRole('list', { name: 'Archivos adjuntos' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(files.getByRole('status')).toHaveCount(0, { timeout: 10_000 });
  await send(a, 'Te mando la autorización y una foto.');

  await b.goto(`/messages/${id}`);
  const received = b.getByTestId('message').filter({ hasText: 'Te mando la autorización' });
  await expect(received.getByRole('link', { name: /autorizacion\.pdf/ })).toContainText('PDF');
  // Images are re-encoded on the server, so the name may end otherwise than it did.
  await received.getByRole('button', { name: /^Imagen: acto\./ }).click();
  const viewer = b.getByRole('dialog', { name: /^acto\./ });
  await expect(viewer.getByRole('img', { name: /^Imagen: acto\./ })).toBeVisible();
  expect(await viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('behind the shield a hostile message is folded in the list, in quotes and in search until shown, and its panel fits a phone', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const { a, b } = await twoParents(browser, page);
  await ok(b, 'PUT', '/api/mensajes/ajustes', { escudo: true });
  const [family] = await ok<{ _id: string }[]>(a, 'GET', '/api/familias');
  const { _id: id } = await ok<{ _id: string }>(a, 'POST', '/api/conversaciones', { familiaId: family!._id, tema: 'escuela', asunto: 'Horario del colegio' });
  const hostile = await ok<{ _id: string; tono: string }>(a, 'POST', `/api/conversaciones/${id}/mensajes`, { texto: 'Sos un inútil, siempre llegás tarde al colegio.', tipo: 'normal' });
  expect(hostile.tono).toBe('hostil');
  await ok(a, 'POST', `/api/conversaciones/${id}/mensajes`, { texto: '¿Leíste lo que te escribí?', tipo: 'normal', respondeA: hostile._id });
  await ok(a, 'POST', `/api/conversaciones/${id}/mensajes`, { texto: 'Y encima sos un mentiroso.', tipo: 'normal' });

  await b.setViewportSize({ width: 390, height: 844 });
  await b.goto('/messages');
  const item = b.getByTestId('conversations').getByRole('link', { name: /Horario del colegio/ });
  await expect(item).toContainText('Ana: Este mensaje puede resultar hiriente');
  await expect(item).not.toContainText('mentiroso');

  // The shield's panel stays on screen at 390 px.
  await b.getByRole('button', { name: 'Ajustes de mensajes' }).click();
  const panel = b.getByRole('region', { name: 'Ajustes de mensajes' });
  await expect(panel.getByRole('switch', { name: 'Escudo ante mensajes hirientes' })).toBeChecked();
  const box = await panel.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await b.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await item.click();
  const thread = b.getByTestId('thread');
  const folded = thread.getByText('Este mensaje puede resultar hiriente', { exact: true });
  await expect(folded).toHaveCount(3);
  await expect(thread).not.toContainText('inútil');
  await expect(thread).toContainText('¿Leíste lo que te escribí?');
  // Showing the first one shows it where the reply quotes it too.
  await b.getByTestId('message').filter({ has: b.getByRole('button', { name: 'Mostrarlo' }) }).first().getByRole('button', { name: 'Mostrarlo' }).click();
  await expect(thread.getByText('Sos un inútil, siempre llegás tarde al colegio.', { exact: true })).toHaveCount(2);
  await expect(folded).toHaveCount(1);

  await b.goto('/search?q=colegio');
  const hit = b.getByRole('region', { name: 'Mensajes' }).getByRole('link', { name: /Horario del colegio/ });
  await expect(hit).toContainText('Este mensaje puede resultar hiriente: ábrelo en la conversación para leerlo.');
  await expect(hit).not.toContainText('inútil');
});

test('tone help reads the text, not the screen: a Spanish insult is flagged with the English interface', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const { a } = await twoParents(browser, page);
  const id = await startConversation(a, 'Idioma');
  await a.goto('/profile/edit');
  await a.getByLabel('English').check();
  await expect(a.getByRole('status').filter({ hasText: 'Language saved' })).toBeVisible();
  await a.goto(`/messages/${id}`);
  const box = a.getByLabel('Message', { exact: true });
  await box.fill('Sos un inútil, nunca llegás a horario.');
  const help = a.getByTestId('tone-help');
  await expect(help).toContainText('inútil', { timeout: 10_000 });
  await expect(help.getByRole('button', { name: 'Remove this phrase' })).toBeVisible();
  await box.fill('You are such an idiot.');
  await expect(help).toContainText('idiot', { timeout: 10_000 });
  await box.fill('Thanks, see you on Thursday at six.');
  await expect(help).toBeHidden({ timeout: 10_000 });
});
