import { expect, test, type Page } from '@playwright/test';
import { callApi, liveStream, register, uniqueEmail } from './support';

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json.data;
}

/** The first Tuesday of next month where the family lives, YYYY-MM-DD: the month after the "next" button. */
function firstTuesdayOfNextMonth(zone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + 1);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function openCalendar(page: Page) {
  const streaming = liveStream(page);
  await page.goto('/calendar');
  await streaming;
  await expect(page.getByTestId('calendar')).toBeVisible();
}

test("swimming on Tuesdays and Thursdays, added on the child's record, is on both parents' calendars and is edited from there", async ({ browser, page: ana }) => {
  await register(ana, uniqueEmail('ana-natacion'), 'Ana');
  const [family] = await ok<{ _id: string; zonaHoraria: string }[]>(ana, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(ana, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const bruno = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(bruno, uniqueEmail('bruno-natacion'), 'Bruno');
  await ok(bruno, 'POST', '/api/invitaciones/aceptar', { codigo });
  const tomas = await ok<{ _id: string }>(ana, 'POST', '/api/hijos', { familiaId: family!._id, nombre: 'Tomás', apellido: 'García', fechaNacimiento: '2018-03-02', genero: 'masculino' });

  // Bruno has next month's calendar open while Ana adds swimming on Tomás's record.
  await openCalendar(bruno);
  await bruno.getByRole('button', { name: 'Siguiente' }).click();
  const tuesday = firstTuesdayOfNextMonth(family!.zonaHoraria);
  await expect(bruno.locator(`[data-date="${tuesday}"]`).first()).toBeVisible();

  await ana.goto(`/children/${tomas._id}?tab=actividades`);
  await ana.getByRole('button', { name: 'Agregar actividad' }).click();
  const form = ana.getByRole('dialog', { name: 'Agregar actividad' });
  await form.getByLabel('Actividad', { exact: true }).fill('Natación');
  await form.getByLabel('Lugar', { exact: true }).fill('Club Náutico');
  await form.getByLabel('Martes', { exact: true }).check();
  await form.getByLabel('Jueves', { exact: true }).check();
  await form.getByLabel('Empieza', { exact: true }).fill('17:30');
  await form.getByLabel('Termina', { exact: true }).fill('18:30');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(ana.getByText(/Martes, Jueves/)).toBeVisible();

  // It reaches Bruno's open calendar without a reload, on the Tuesdays and Thursdays, named with Tomás.
  const brunosTuesday = bruno.locator(`[data-date="${tuesday}"]`).getByText('Natación · Tomás');
  await expect(brunosTuesday).toBeVisible();
  await expect(bruno.locator(`[data-date="${tuesday}"]`)).toContainText('17:30');

  // Ana opens it from her calendar: it is Tomás's own activity form.
  await openCalendar(ana);
  await ana.getByRole('button', { name: 'Siguiente' }).click();
  await ana.locator(`[data-date="${tuesday}"]`).getByText('Natación · Tomás').click();
  const edit = ana.getByRole('dialog', { name: 'Actividad de Tomás' });
  await expect(edit.getByRole('link', { name: 'Abrir la ficha de Tomás' })).toBeVisible();
  const name = edit.getByLabel('Actividad', { exact: true });
  await expect(name).toHaveValue('Natación');
  await expect(edit.getByLabel('Martes', { exact: true })).toBeChecked();
  await name.fill('Natación avanzada');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await expect(ana.locator(`[data-date="${tuesday}"]`).getByText('Natación avanzada · Tomás')).toBeVisible();
  await expect(bruno.locator(`[data-date="${tuesday}"]`).getByText('Natación avanzada · Tomás')).toBeVisible();

  // One activity, changed: the record and the calendar are the same thing.
  await ana.goto(`/children/${tomas._id}?tab=actividades`);
  await expect(ana.getByRole('button', { name: /^Acciones para / })).toHaveCount(1);
  await expect(ana.getByRole('button', { name: 'Acciones para Natación avanzada' })).toBeVisible();
});
