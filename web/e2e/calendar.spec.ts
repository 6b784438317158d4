import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, liveStream, register, uniqueEmail } from './support';

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json.data;
}


/** Ana (in `a`) registers and makes a code; Bruno registers in a browser of his own and joins as a co-parent. */
async function twoParents(browser: Browser, a: Page): Promise<{ b: Page; zone: string }> {
  await register(a, uniqueEmail('ana-calendario'), 'Ana');
  const [family] = await ok<{ _id: string; zonaHoraria: string }[]>(a, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(a, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const b = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(b, uniqueEmail('bruno-calendario'), 'Bruno');
  await ok(b, 'POST', '/api/invitaciones/aceptar', { codigo });
  return { b, zone: family!.zonaHoraria };
}

/** The date `days` after today where the family lives, YYYY-MM-DD. */
function dateIn(zone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The month grid's band for the night of `date`, in the colour of the parent at `index` (Ana 0, Bruno 1). */
const night = (page: Page, date: string, index: number) => page.locator(`[data-date="${date}"] .nido-night.nido-parent-${index}`);

/** Moves the month grid on when `date` lies past it (the grid always shows today). */
async function showDate(page: Page, date: string) {
  if ((await page.locator(`[data-date="${date}"]`).count()) === 0) await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.locator(`[data-date="${date}"]`).first()).toBeVisible();
}

async function openCalendar(page: Page) {
  const streaming = liveStream(page);
  await page.goto('/calendar');
  await streaming;
  await expect(page.getByTestId('calendar')).toBeVisible();
}

test('Ana sets up 2-2-5-5 and Bruno sees it live; Bruno asks for a swap, Ana accepts, and both calendars change', async ({ browser, page: a }) => {
  const { b, zone } = await twoParents(browser, a);
  await openCalendar(a);
  await openCalendar(b);
  await expect(b.getByText('Todavía no hay un régimen de custodia')).toBeVisible();

  await a.getByRole('button', { name: 'Configurar custodia' }).click();
  const wizard = a.getByRole('dialog', { name: 'Régimen de custodia' });
  await wizard.getByRole('radio', { name: /^2-2-5-5/ }).check();
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  await wizard.getByLabel('Primer progenitor (A)').selectOption({ label: 'Ana García' });
  await wizard.getByLabel('Segundo progenitor (B)').selectOption({ label: 'Bruno García' });
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  // A 14-day cycle over a year: 26 cycles and one more night, the first, Ana's.
  await expect(wizard.getByTestId('custody-share')).toContainText('50,14 %');
  await expect(wizard.getByTestId('custody-share')).toContainText('182 noches en un año');
  await wizard.getByRole('button', { name: 'Guardar régimen' }).click();
  await expect(wizard).toBeHidden();

  // AABBAAAAABBBBB from today: Ana tonight, Bruno the night after tomorrow; Bruno sees it without reloading.
  for (const page of [a, b]) {
    await expect(night(page, dateIn(zone, 0), 0)).toBeVisible();
    await expect(night(page, dateIn(zone, 2), 1)).toBeVisible();
    await expect(night(page, dateIn(zone, 5), 0)).toBeVisible();
  }
  await expect(b.getByText('Noches con Ana García')).toBeVisible();

  // Bruno asks for Ana's nights from tomorrow: tomorrow, the 4th day and the 5th; he picks the 5th.
  await b.getByRole('button', { name: 'Pedir un cambio' }).click();
  const ask = b.getByRole('dialog', { name: 'Pedir un cambio de noches' });
  const wanted = ask.getByRole('group', { name: 'Noches que pides' }).getByRole('checkbox');
  await expect(wanted.nth(2)).toBeVisible();
  await wanted.nth(2).check();
  await ask.getByLabel('Motivo').fill('Cumpleaños de la abuela');
  await ask.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(ask).toBeHidden();
  await expect(b.getByTestId('swap-request')).toContainText('Pediste un cambio a Ana García');

  const request = a.getByTestId('swap-request');
  await expect(request).toContainText('Bruno García te pide un cambio');
  await expect(request).toContainText('Cumpleaños de la abuela');
  await request.getByRole('button', { name: 'Aceptar' }).click();
  await expect(request).toBeHidden();

  for (const page of [a, b]) {
    await expect(night(page, dateIn(zone, 5), 1)).toBeVisible();
    await expect(night(page, dateIn(zone, 4), 0)).toBeVisible();
  }
  await expect(b.getByTestId('swap-request')).toBeHidden();
});

test('an event that repeats is made with the builder, never typing a rule', async ({ page }) => {
  await register(page, uniqueEmail('eventos'), 'Ana');
  await openCalendar(page);
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo evento' });
  await form.getByLabel('Título').fill('Natación');
  await form.getByLabel('Se repite').selectOption('weekly');
  await form.getByLabel('Cada cuántas semanas').fill('2');
  await form.getByRole('button', { name: 'lunes' }).click();
  await form.getByRole('button', { name: 'miércoles' }).click();
  await expect(form.getByRole('button', { name: 'lunes' })).toHaveAttribute('aria-pressed', 'true');
  await form.getByRole('radio', { name: 'Después de' }).check();
  await expect(form.getByText('Cada 2 semanas los lunes, miércoles, 10 veces')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/eventos') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Guardar' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(201);
  expect((await answer.json()).data.recurrencia).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10');
  await expect(form).toBeHidden();
});

test('a swap answered with a counter-offer, which the first parent accepts', async ({ browser, page: a }) => {
  const { b, zone } = await twoParents(browser, a);
  const [family] = await ok<{ _id: string }[]>(a, 'GET', '/api/familias');
  const members = await ok<{ miembros: { usuarioId: string; nombre: string }[] }>(a, 'GET', `/api/familias/${family!._id}`);
  const id = (nombre: string) => members.miembros.find((m) => m.nombre === nombre)!.usuarioId;
  await ok(a, 'PUT', `/api/familias/${family!._id}/custodia`, { patron: '2-2-5-5', inicio: dateIn(zone, 0), progenitorA: id('Ana'), progenitorB: id('Bruno') });
  await openCalendar(a);
  await openCalendar(b);

  // Bruno asks for Ana's 5th night; Ana offers him nothing of hers but asks for his 9th instead.
  await b.getByRole('button', { name: 'Pedir un cambio' }).click();
  const ask = b.getByRole('dialog', { name: 'Pedir un cambio de noches' });
  await ask.getByRole('group', { name: 'Noches que pides' }).getByRole('checkbox').nth(2).check();
  await ask.getByLabel('Motivo').fill('Viaje de trabajo');
  await ask.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(ask).toBeHidden();

  await a.getByTestId('swap-request').getByRole('button', { name: 'Contraoferta' }).click();
  const counter = a.getByRole('dialog', { name: 'Hacer una contraoferta' });
  // Bruno's nights from tomorrow: the 2nd, the 3rd and the 9th.
  await counter.getByRole('group', { name: 'Noches que pides' }).getByRole('checkbox').nth(2).check();
  await counter.getByLabel('Motivo').fill('Mejor cambiemos esta');
  await counter.getByRole('button', { name: 'Enviar contraoferta' }).click();
  await expect(counter).toBeHidden();
  await expect(a.getByTestId('swap-request')).toHaveCount(1);
  await expect(a.getByTestId('swap-request')).toContainText('Pediste un cambio a Bruno García');

  const offer = b.getByTestId('swap-request');
  await expect(offer).toHaveCount(1);
  await expect(offer).toContainText('Ana García te pide un cambio');
  await expect(offer).toContainText('Mejor cambiemos esta');
  await offer.getByRole('button', { name: 'Aceptar' }).click();
  await expect(offer).toBeHidden();
  for (const page of [a, b]) {
    await expect(night(page, dateIn(zone, 5), 0)).toBeVisible();
    await showDate(page, dateIn(zone, 9));
    await expect(night(page, dateIn(zone, 9), 0)).toBeVisible();
  }
});

test('the private feed link is made, copied, fetched, replaced and turned off', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await register(page, uniqueEmail('feed'), 'Ana');
  await openCalendar(page);
  const panel = page.getByRole('region', { name: 'Tu calendario en otras apps' });
  await expect(panel.getByText('Todavía no tienes un enlace.')).toBeVisible();
  await panel.getByRole('button', { name: 'Crear enlace' }).click();
  const url = await panel.getByLabel('Tu enlace').inputValue();
  expect(url).toMatch(/\/api\/calendario\/[^/]+\.ics$/);
  await panel.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(panel.getByText('Enlace copiado.')).toBeVisible();
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await panel.getByRole('button', { name: 'Generar un enlace nuevo' }).click();
  await expect(panel.getByLabel('Tu enlace')).not.toHaveValue(url);
  expect((await page.request.get(url)).status()).toBe(404);
  await panel.getByRole('button', { name: 'Desactivar el enlace' }).click();
  await expect(panel.getByText('Todavía no tienes un enlace.')).toBeVisible();
});

test("Today on the home page: who has the child and today's event, the swap waiting for an answer, and the child's coming event", async ({ browser, page: a }) => {
  const { b, zone } = await twoParents(browser, a);
  const [family] = await ok<{ _id: string }[]>(a, 'GET', '/api/familias');
  const members = await ok<{ miembros: { usuarioId: string; nombre: string }[] }>(a, 'GET', `/api/familias/${family!._id}`);
  const id = (nombre: string) => members.miembros.find((m) => m.nombre === nombre)!.usuarioId;

  // Bruno is on his home page before anything is planned.
  const streaming = liveStream(b);
  await b.goto('/children');
  await streaming;
  const card = b.getByTestId('today');
  await expect(card.getByText('Todavía no hay un régimen de custodia.')).toBeVisible();
  await expect(card.getByText('Nada en el calendario para hoy.')).toBeVisible();

  // Ana adds Lucía, a schedule of alternate weeks begun yesterday with her first, and two events about Lucía.
  const lucia = await ok<{ _id: string }>(a, 'POST', '/api/hijos', { familiaId: family!._id, nombre: 'Lucía', apellido: 'García', fechaNacimiento: '2017-05-02', genero: 'femenino' });
  await ok(a, 'PUT', `/api/familias/${family!._id}/custodia`, { patron: '7-7', inicio: dateIn(zone, -1), progenitorA: id('Ana'), progenitorB: id('Bruno') });
  const event = { familiaId: family!._id, tipo: 'actividad', categoria: 'escuela', hijos: [lucia._id] };
  await ok(a, 'POST', '/api/eventos', { ...event, titulo: 'Acto escolar', inicio: dateIn(zone, 0), todoElDia: true });
  await ok(a, 'POST', '/api/eventos', { ...event, titulo: 'Dentista', categoria: 'medico', inicio: `${dateIn(zone, 1)}T10:00`, todoElDia: false });

  // Bruno's page follows without a reload: Ana has Lucía until her week ends, and today's event is there.
  await expect(card.getByTestId('today-custody')).toContainText('Lucía está con Ana hasta');
  await expect(card.getByTestId('today-custody')).toContainText('de Ana a ti');
  await expect(card.getByTestId('today-events')).toContainText('Todo el díaActo escolar');
  const activity = b.getByRole('link', { name: /Lucía García/ }).getByTestId('child-activity');
  await expect(activity).toContainText('Última actividad:');
  await expect(activity).toContainText('1 evento próximo: Dentista');

  // Bruno asks Ana for a night; it waits on her home page and leads to where she answers it.
  await ok(b, 'POST', `/api/familias/${family!._id}/cambios`, {
    noches: [dateIn(zone, 3)],
    devolucion: [],
    motivo: 'Cumpleaños de la abuela',
    responderAntesDe: new Date(Date.now() + 25 * 3_600_000).toISOString(),
  });
  await a.goto('/children');
  const mine = a.getByTestId('today');
  await expect(mine.getByTestId('today-custody')).toContainText('Lucía está contigo hasta');
  const waiting = mine.getByRole('link', { name: /Bruno García te pide un cambio/ });
  await expect(waiting).toBeVisible();
  await waiting.click();
  await expect(a).toHaveURL(/\/calendar$/);
  await expect(a.getByTestId('swap-request')).toContainText('Cumpleaños de la abuela');
});

/** A date as typed in the Spanish form, dd/mm/yyyy. */
const typed = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

test('a co-parent adds a holiday period and its nights change hands; removed, they follow the schedule again; the history shows an answered swap', async ({ browser, page: a }) => {
  const { b, zone } = await twoParents(browser, a);
  const [family] = await ok<{ _id: string }[]>(a, 'GET', '/api/familias');
  const familia = family!._id;
  const members = await ok<{ miembros: { usuarioId: string; nombre: string }[] }>(a, 'GET', `/api/familias/${familia}`);
  const id = (nombre: string) => members.miembros.find((m) => m.nombre === nombre)!.usuarioId;
  await ok(a, 'PUT', `/api/familias/${familia}/custodia`, { patron: '2-2-5-5', inicio: dateIn(zone, 0), progenitorA: id('Ana'), progenitorB: id('Bruno') });
  // Bruno asks for Ana's 5th night and she accepts: one answered request for the history.
  const asked = await ok<{ _id: string }>(b, 'POST', `/api/familias/${familia}/cambios`, {
    noches: [dateIn(zone, 5)],
    motivo: 'Cumpleaños de la abuela',
    responderAntesDe: new Date(Date.now() + 30 * 3600_000).toISOString(),
  });
  await ok(a, 'POST', `/api/familias/${familia}/cambios/${asked._id}/aceptar`);

  await openCalendar(a);
  const [first, last] = [dateIn(zone, 2), dateIn(zone, 3)];
  await showDate(a, last);
  // AABBAAAAABBBBB: the 3rd and 4th nights are Bruno's by the schedule.
  await expect(night(a, first, 1)).toBeVisible();
  await expect(night(a, last, 1)).toBeVisible();

  await a.getByRole('button', { name: 'Vacaciones', exact: true }).click();
  const form = a.getByRole('dialog', { name: 'Añadir vacaciones o una fecha especial' });
  // A national holiday fills the form in one tap; the dates are then made those of this test.
  await form.getByRole('button', { name: 'Sugerencias: feriados nacionales' }).click();
  await expect(form.getByText(/Son solo sugerencias/)).toBeVisible();
  const suggestion = form.getByRole('list', { name: /Feriados nacionales de/ }).getByRole('button').first();
  const holiday = (await suggestion.locator('span').last().textContent()) ?? '';
  await suggestion.click();
  await expect(form.getByLabel('Nombre')).toHaveValue(holiday);
  await form.getByLabel('Nombre').fill('Fin de semana largo');
  await form.getByLabel('Primera noche').fill(typed(first));
  await form.getByLabel('Última noche').fill(typed(last));
  await form.getByRole('radio', { name: /^Un progenitor/ }).check();
  await form.getByLabel('Con quién').selectOption({ label: 'Ana García' });
  await expect(form.getByTestId('period-preview')).toHaveText('Así queda: Con Ana García.');
  await form.getByRole('button', { name: 'Guardar período' }).click();
  await expect(form).toBeHidden();

  const period = a.getByTestId('holiday-period');
  await expect(period).toContainText('Fin de semana largo');
  await expect(period).toContainText('Con Ana García');
  await expect(period).toContainText('una vez · 2 noches');
  await expect(night(a, first, 0)).toBeVisible();
  await expect(night(a, last, 0)).toBeVisible();
  const nights = await ok<{ fecha: string; usuarioId: string }[]>(a, 'GET', `/api/familias/${familia}/custodia/noches?desde=${first}&hasta=${last}`);
  expect(nights).toEqual([
    { fecha: first, usuarioId: id('Ana') },
    { fecha: last, usuarioId: id('Ana') },
  ]);

  await period.getByRole('button', { name: 'Quitar Fin de semana largo' }).click();
  const confirm = a.getByRole('dialog', { name: '¿Quitar este período?' });
  await confirm.getByRole('button', { name: 'Quitar' }).click();
  await expect(confirm).toBeHidden();
  await expect(period).toBeHidden();
  await expect(night(a, first, 1)).toBeVisible();

  const history = a.getByRole('button', { name: 'Historial de cambios (1)' });
  await expect(history).toHaveAttribute('aria-expanded', 'false');
  await history.click();
  const answered = a.getByTestId('swap-history-item');
  await expect(answered).toContainText('Aceptado');
  await expect(answered).toContainText('Lo pidió Bruno García');
  await expect(answered).toContainText('Cumpleaños de la abuela');
});
