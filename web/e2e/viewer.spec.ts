import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi, register, uniqueEmail } from './support';

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json.data;
}

/** The date `days` after today where the family lives, YYYY-MM-DD. */
function dateIn(zone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function person(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(page, uniqueEmail(name.toLowerCase()), name);
  return page;
}

/** Ana and Bruno co-parent Lucía with a schedule and an event today; Carla, her grandmother, joins to read. */
async function family(browser: Browser, ana: Page): Promise<{ carla: Page; familyId: string }> {
  await register(ana, uniqueEmail('ana-abuela'), 'Ana');
  const [family] = await ok<{ _id: string; zonaHoraria: string }[]>(ana, 'GET', '/api/familias');
  const familyId = family!._id;
  const zone = family!.zonaHoraria;
  const bruno = await person(browser, 'Bruno');
  const coparent = await ok<{ codigo: string }>(ana, 'POST', `/api/familias/${familyId}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  await ok(bruno, 'POST', '/api/invitaciones/aceptar', { codigo: coparent.codigo });
  const carla = await person(browser, 'Carla');
  const viewer = await ok<{ codigo: string }>(ana, 'POST', `/api/familias/${familyId}/codigo`, { permiso: 'viewer', relacion: 'abuela' });
  await ok(carla, 'POST', '/api/invitaciones/aceptar', { codigo: viewer.codigo });
  const members = (await ok<{ miembros: { usuarioId: string; nombre: string }[] }>(ana, 'GET', `/api/familias/${familyId}`)).miembros;
  const id = (name: string) => members.find((m) => m.nombre === name)?.usuarioId;
  const lucia = await ok<{ _id: string }>(ana, 'POST', '/api/hijos', { familiaId: familyId, nombre: 'Lucía', apellido: 'García', fechaNacimiento: '2017-05-02', genero: 'femenino' });
  await ok(ana, 'PUT', `/api/familias/${familyId}/custodia`, { patron: '7-7', inicio: dateIn(zone, -1), progenitorA: id('Ana'), progenitorB: id('Bruno') });
  await ok(ana, 'POST', '/api/eventos', { familiaId: familyId, tipo: 'actividad', categoria: 'actividades', hijos: [lucia._id], titulo: 'Natación', inicio: `${dateIn(zone, 0)}T17:30`, todoElDia: false, lugar: 'Club del barrio' });
  return { carla, familyId };
}

test('a grandmother who reads the family sees only what she can do: finances, calendar and children', async ({ browser, page: ana }) => {
  const { carla, familyId } = await family(browser, ana);
  const notFound: string[] = [];
  carla.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 404) notFound.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });

  // Finances say plainly that money is for co-parents, and ask the server nothing she would be refused.
  await carla.goto('/finances');
  await expect(carla.getByText(/Las finanzas son solo para los co-padres/)).toBeVisible();
  await expect(carla.getByRole('button', { name: 'Agregar gasto' })).toHaveCount(0);

  // The calendar shows the family's times and nights, and no button she could not use.
  await carla.goto('/calendar');
  await expect(carla.getByRole('heading', { name: 'Calendario', exact: true })).toBeVisible();
  await expect(carla.getByText('Puedes ver el calendario de la familia')).toBeVisible();
  for (const name of ['Nuevo evento', 'Cambiar custodia', 'Configurar custodia', 'Vacaciones', 'Pedir un cambio', 'Registrar entrega']) {
    await expect(carla.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  // An event opens to be read, not changed; a day on the grid opens nothing.
  await carla.getByRole('button', { name: 'Agenda' }).click();
  await carla.getByText('Natación').first().click();
  const event = carla.getByRole('dialog', { name: 'Evento' });
  await expect(event.getByLabel('Lugar')).toHaveValue('Club del barrio');
  await expect(event.getByLabel('Título')).toBeDisabled();
  await expect(event.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  await event.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(event).toBeHidden();
  await carla.getByRole('button', { name: 'Mes' }).click();
  await carla.locator('.nido-calendar [data-date]').first().click();
  await expect(carla.getByRole('dialog')).toHaveCount(0);
  expect(notFound).toEqual([]);

  // Her children page adds nothing to Ana's family; a family of her own is a choice she makes.
  await carla.goto('/children');
  await expect(carla.getByRole('link', { name: /Lucía García/ })).toBeVisible();
  await expect(carla.getByRole('button', { name: 'Agregar hijo' })).toHaveCount(0);
  await carla.getByRole('button', { name: 'Empezar mi propia familia' }).click();
  const dialog = carla.getByRole('dialog', { name: 'Empezar mi propia familia' });
  await expect(dialog).toContainText('se creará una familia nueva');
  await dialog.getByLabel('Nombre').fill('Sol');
  await dialog.getByLabel('Apellido').fill('Paz');
  await dialog.getByLabel('Fecha de nacimiento').fill('03/02/2021');
  await dialog.getByLabel('Género').selectOption('femenino');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(carla.getByRole('link', { name: /Sol Paz/ })).toBeVisible();
  const hers = await ok<{ _id: string; miPermiso: string }[]>(carla, 'GET', '/api/familias');
  expect(hers).toHaveLength(2);
  expect(hers.find((f) => f._id !== familyId)?.miPermiso).toBe('coparent');
  // Ana's family did not change.
  expect(await ok<unknown[]>(ana, 'GET', '/api/hijos')).toHaveLength(1);
  expect(notFound).toEqual([]);
});
