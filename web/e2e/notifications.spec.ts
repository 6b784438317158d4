import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, liveStream, mailsTo, register, uniqueEmail, unsubscribeLinkFor } from './support';

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json.data;
}

interface Family {
  a: Page;
  b: Page;
  bEmail: string;
  bId: string;
  childId: string;
}

/** A (in `a`) registers, adds a child and makes a code; B registers in a browser of their own and joins with it. */
async function twoParents(browser: Browser, a: Page): Promise<Family> {
  await register(a, uniqueEmail('ana-avisos'), 'Ana');
  const child = await ok<{ _id: string }>(a, 'POST', '/api/hijos', { nombre: 'Leo', apellido: 'García', fechaNacimiento: '2017-05-02', genero: 'masculino' });
  const [family] = await ok<{ _id: string }[]>(a, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(a, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });

  const b = await (await browser.newContext()).newPage();
  const bEmail = uniqueEmail('bruno-avisos');
  await register(b, bEmail, 'Bruno');
  await ok(b, 'POST', '/api/invitaciones/aceptar', { codigo });
  // The profile answers the user itself, not under `data`.
  const { _id: bId } = (await callApi(b, 'GET', '/api/usuarios/perfil')).json as unknown as { _id: string };
  return { a, b, bEmail, bId, childId: child._id };
}

/** A changes the child's basic record, as the edit form does. */
async function editChild(family: Family, nombre: string) {
  await ok(family.a, 'PUT', `/api/hijos/${family.childId}`, { nombre, apellido: 'García', fechaNacimiento: '2017-05-02', genero: 'masculino' });
}

interface Notice {
  _id: string;
  tipo: string;
  titulo: string;
  texto: string;
}

async function noticesOf(page: Page): Promise<Notice[]> {
  return (await ok<{ notificaciones: Notice[] }>(page, 'GET', '/api/notificaciones')).notificaciones;
}

/** `HH:MM` at `at` in `zone`. */
function timeIn(zone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** Reads the e2e server's SQLite database (the delivery job's mark on a notice is not in the API). */
function query(sql: string): Record<string, unknown>[] {
  const db = join(process.env.NIDO_E2E_DATA_DIR ?? '', 'nido.db');
  const out = execFileSync('sqlite3', ['-readonly', '-json', db, sql], { encoding: 'utf8' });
  return out.trim() ? (JSON.parse(out) as Record<string, unknown>[]) : [];
}

test('A edits a child: B\'s open tab shows the notice and the bell count rises, without a reload', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const family = await twoParents(browser, page);
  const { b } = family;
  // A stream opened after the edit would not carry it: the edit waits for B's stream.
  const streaming = liveStream(b);
  await b.goto('/children');
  await streaming;
  await expect(b.getByRole('button', { name: 'Notificaciones, ninguna sin leer' })).toBeVisible();
  // Survives only as long as the page is not loaded again.
  await b.evaluate(() => ((window as unknown as { sinRecargar: boolean }).sinRecargar = true));

  await editChild(family, 'Leandro');

  const bell = b.getByRole('button', { name: '1 notificación sin leer' });
  await expect(bell).toBeVisible({ timeout: 10_000 });
  await bell.click();
  await expect(b.getByRole('dialog').or(b.getByRole('region', { name: 'Notificaciones' })).first()).toContainText('Leandro');
  expect(await b.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
});

test('in B\'s quiet hours the notice appears in the app and no mail goes out', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const family = await twoParents(browser, page);
  const { b } = family;

  // B sets quiet hours around now, in their time zone, on the preferences page.
  const { zonaHoraria } = await ok<{ zonaHoraria: string }>(b, 'GET', '/api/notificaciones/preferencias');
  await b.goto('/profile/notifications');
  await b.getByRole('switch', { name: 'Activar horas de silencio' }).click();
  await b.getByLabel('Desde').fill(timeIn(zonaHoraria, new Date(Date.now() - 60 * 60_000)));
  await b.getByLabel('Hasta').fill(timeIn(zonaHoraria, new Date(Date.now() + 60 * 60_000)));
  await b.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(b.getByText('Preferencias guardadas')).toBeVisible();
  const saved = await ok<{ silencio: unknown }>(b, 'GET', '/api/notificaciones/preferencias');
  expect(saved.silencio).not.toBeNull();

  await editChild(family, 'Lautaro');
  await expect.poll(async () => (await noticesOf(b)).filter((n) => n.tipo === 'hijo.cambiado').length, { timeout: 10_000 }).toBe(1);
  await b.goto('/notifications');
  await expect(b.getByRole('main')).toContainText('Lautaro');

  // The delivery job has run for B's notice: it held it back instead of sending it.
  await expect
    .poll(() => query(`SELECT entrega FROM notificaciones WHERE usuario_id = '${family.bId}' AND tipo = 'hijo.cambiado'`).map((row) => row.entrega), { timeout: 15_000 })
    .toEqual(['retenida']);
  expect(mailsTo(family.bEmail).filter((mail) => mail.includes('/unsubscribe?t='))).toEqual([]);
});

test.describe('push', () => {
  let pushService: ChildProcess | undefined;
  const PUSH_PORT = Number(process.env.NIDO_E2E_PUSH_PORT ?? 8791);
  const pushUrl = `http://localhost:${PUSH_PORT}`;

  test.beforeAll(async () => {
    // The local push service checks the VAPID signature and decrypts what it receives (RFC 8291).
    const server = spawn(process.execPath, [join(process.cwd(), 'node_modules/web-push-testing/src/bin/server.js'), String(PUSH_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
    pushService = server;
    await new Promise<void>((resolve, reject) => {
      server.stdout?.once('data', () => resolve());
      server.once('exit', (code) => reject(new Error(`web-push-testing exited with ${code}`)));
    });
  });

  test.afterAll(() => {
    pushService?.kill();
  });

  async function messagesFor(clientHash: string): Promise<{ titulo: string; texto: string; enlace: string; etiqueta: string }[]> {
    const answer = await fetch(`${pushUrl}/get-notifications`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ clientHash }) });
    const body = (await answer.json()) as { data: { messages: unknown[] } };
    return body.data.messages.map((m) => (typeof m === 'string' ? JSON.parse(m) : m) as { titulo: string; texto: string; enlace: string; etiqueta: string });
  }

  test('a change reaches B\'s device through the push service, decrypted; in discreet mode it says nothing', async ({ browser, page }) => {
    test.setTimeout(60_000);
    const family = await twoParents(browser, page);
    const { b } = family;
    const { clave } = await ok<{ clave: string }>(b, 'GET', '/api/notificaciones/clave-push');
    const subscribed = await fetch(`${pushUrl}/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // The service reads its options as form fields would come: the flag as the string 'true'.
      body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey: clave }),
    });
    expect(subscribed.status).toBe(200);
    const { data: subscription } = (await subscribed.json()) as { data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string } };
    await ok(b, 'POST', '/api/notificaciones/dispositivos', { endpoint: subscription.endpoint, keys: subscription.keys });
    const devices = await ok<{ endpoint: string }[]>(b, 'GET', '/api/notificaciones/dispositivos');
    expect(devices.map((d) => d.endpoint)).toEqual([subscription.endpoint]);

    await editChild(family, 'Lisandro');
    await expect.poll(async () => (await messagesFor(subscription.clientHash)).length, { timeout: 15_000 }).toBe(1);
    const [plain] = await messagesFor(subscription.clientHash);
    expect(plain!.titulo).not.toBe('Nido');
    expect(`${plain!.titulo} ${plain!.texto}`).toContain('Lisandro');
    expect(`${plain!.titulo} ${plain!.texto}`).toContain('Ana');
    expect(plain!.enlace).toContain(family.childId);

    // B turns discreet mode on: the lock screen learns neither who nor what.
    await b.goto('/profile/notifications');
    await b.getByRole('switch', { name: 'Activar modo discreto' }).click();
    await b.getByRole('button', { name: 'Guardar preferencias' }).click();
    await expect(b.getByText('Preferencias guardadas')).toBeVisible();

    await editChild(family, 'Lisandro Martín');
    await expect.poll(async () => (await messagesFor(subscription.clientHash)).length, { timeout: 15_000 }).toBe(2);
    const discreet = (await messagesFor(subscription.clientHash))[1]!;
    expect(discreet).toMatchObject({ titulo: 'Nido', texto: 'Tienes algo nuevo en Nido', enlace: '/notifications' });
    expect(JSON.stringify(discreet)).not.toContain('Lisandro');
  });
});

test('the unsubscribe link of a mail turns that mail off', async ({ browser, page }) => {
  test.setTimeout(60_000);
  const family = await twoParents(browser, page);
  const { b } = family;
  await editChild(family, 'Lucio');
  const link = await unsubscribeLinkFor(family.bEmail);

  // A page of the app, served as such, but never prerendered nor offered to search engines.
  expect((await b.goto(link))?.status()).toBe(200);
  expect(await (await b.request.get('/robots.txt')).text()).toContain('Disallow: /unsubscribe');
  const kindName = (await b.getByText(/Dejarás de recibir por email los avisos de: /).textContent())!.replace('Dejarás de recibir por email los avisos de: ', '').replace(/\.$/, '');
  expect(kindName.length).toBeGreaterThan(0);
  await b.getByRole('button', { name: 'Confirmar' }).click();
  await expect(b.getByRole('heading', { name: 'Listo' })).toBeVisible();
  await b.getByRole('link', { name: 'Preferencias de notificaciones' }).click();
  await expect(b).toHaveURL(/\/profile\/notifications$/);
  const kind = b.getByRole('group', { name: kindName });
  await expect(kind.getByRole('switch', { name: 'Email' })).toHaveAttribute('aria-checked', 'false');
  await expect(kind.getByRole('switch', { name: 'Push' })).toHaveAttribute('aria-checked', 'true');

  // The link says what it stopped once more, and stays harmless.
  await b.goto(link);
  await expect(b.getByText(`Dejarás de recibir por email los avisos de: ${kindName}.`)).toBeVisible();
});
