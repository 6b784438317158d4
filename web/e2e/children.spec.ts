import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { callApi, register, uniqueEmail } from './support';

/** A small valid PNG made on the spot (solid colour). */
function png(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x5a)]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Adds a child through the API and returns its id. */
async function addChild(page: Page, child: Record<string, unknown>): Promise<string> {
  const answer = await callApi<{ _id: string }>(page, 'POST', '/api/hijos', { apellido: 'García', fechaNacimiento: '2016-04-12', genero: 'femenino', ...child });
  expect(answer.status).toBeLessThan(300);
  return answer.json.data._id;
}

/** The page is no wider than the window: nothing makes the phone scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

test('a child is added, completed and photographed', async ({ page }) => {
  await register(page, uniqueEmail('kids'));
  await expect(page.getByText('Todavía no agregaste a ningún hijo')).toBeVisible();

  await page.getByRole('button', { name: 'Agregar a mi primer hijo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await dialog.getByLabel('Apellido', { exact: true }).fill('García');
  await dialog.getByLabel('Fecha de nacimiento', { exact: true }).fill('2016-04-12');
  await dialog.getByLabel('Género', { exact: true }).selectOption('femenino');
  await dialog.getByLabel('Grupo sanguíneo', { exact: true }).selectOption('O+');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 hijo', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: /Lucía García/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Lucía García/ })).toBeVisible();
  await expect(page.getByText('Femenino ·')).toBeVisible();

  await page.getByRole('button', { name: 'Editar información' }).click();
  await dialog.getByLabel('Nombre', { exact: true }).fill('Lucía Belén');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Lucía Belén García/ })).toBeVisible();

  await page.getByRole('button', { name: 'Editar', exact: true }).click();
  await dialog.getByLabel('Escuela', { exact: true }).fill('Escuela N° 5');
  await dialog.getByLabel('Entrada', { exact: true }).fill('08:00');
  await dialog.getByLabel('Salida', { exact: true }).fill('12:30');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('08:00 – 12:30')).toBeVisible();

  await page.getByRole('tab', { name: 'Actividades' }).click();
  await page.getByRole('button', { name: 'Agregar actividad' }).click();
  await dialog.getByLabel('Actividad', { exact: true }).fill('Natación');
  await dialog.getByLabel('Lunes', { exact: true }).check();
  await dialog.getByLabel('Miércoles', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Lunes, Miércoles/)).toBeVisible();
  // Edit and delete sit in the item's menu, which the keyboard opens and Escape closes.
  const menu = page.getByRole('button', { name: 'Acciones para Natación' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  await dialog.getByLabel('Actividad', { exact: true }).fill('Natación libre');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('button', { name: 'Acciones para Natación libre' })).toBeVisible();

  await page.getByRole('tab', { name: 'Salud' }).click();
  await page.getByRole('button', { name: 'Agregar turno' }).click();
  await dialog.getByLabel('Tipo de consulta', { exact: true }).fill('Control anual');
  await dialog.getByLabel('Fecha y hora', { exact: true }).fill('2026-12-01T10:30');
  await dialog.getByLabel('Médico', { exact: true }).fill('Dra. Ruiz');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('button', { name: 'Acciones para Control anual' })).toBeVisible();
  await expect(page.getByText('Programado')).toBeVisible();
  await page.getByRole('button', { name: 'Acciones para Control anual' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('No hay turnos registrados.')).toBeVisible();

  await page.getByRole('tab', { name: 'Contactos' }).click();
  for (const [name, priority] of [['Vecina Marta', '2'], ['Abuela Rosa', '1']] as const) {
    await page.getByRole('button', { name: 'Agregar contacto' }).click();
    await dialog.getByLabel('Nombre', { exact: true }).fill(name);
    await dialog.getByLabel('Relación', { exact: true }).fill('familia');
    await dialog.getByLabel('Teléfono', { exact: true }).fill('011 4000-0000');
    await dialog.getByLabel('Prioridad (opcional)', { exact: true }).fill(priority);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
  }
  const contacts = page.getByTestId('contact');
  await expect(contacts).toHaveCount(2);
  await expect(contacts.first()).toContainText('Abuela Rosa');
  await expect(contacts.first()).toContainText('Primero en llamar');

  await page.getByRole('button', { name: 'Cambiar foto' }).click();
  await dialog.getByLabel('Elegir una foto', { exact: true }).setInputFiles({ name: 'lucia.png', mimeType: 'image/png', buffer: png(64) });
  await expect(dialog.getByRole('img', { name: 'Vista previa' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Subir foto' }).click();
  await expect(dialog).toBeHidden();
  const photo = page.locator('header img[src^="/api/archivos/"]');
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
});

test('deleting a child asks for the first name, and the record comes back whole', async ({ page }) => {
  await register(page, uniqueEmail('kids-delete'));
  const id = await addChild(page, {
    nombre: 'Lucía',
    informacionMedica: { alergias: ['Penicilina'], medicamentos: [], condicionesEspeciales: [] },
  });
  await page.goto(`/children/${id}`);
  await page.getByRole('button', { name: 'Eliminar el registro de este hijo' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Eliminar el registro' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Escribe «Lucía» para confirmar').fill('Luci');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Escribe «Lucía» para confirmar').fill('lucia');
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/children$/);
  await expect(page.getByText('Todavía no agregaste a ningún hijo')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Se eliminó el registro de Lucía García. Puedes restaurarlo aquí abajo.' })).toBeVisible();
  expect((await callApi(page, 'GET', `/api/hijos/${id}`)).status).toBe(404);
  // Said once: after a reload the list explains itself instead.
  await page.reload();
  await expect(page.getByText('Cualquier co-padre o co-madre de la familia puede restaurar estos registros hasta la fecha indicada.')).toBeVisible();
  const deleted = page.getByTestId('deleted-child');
  await expect(deleted).toHaveCount(1);
  await expect(deleted).toContainText('Lucía García');
  await expect(deleted).toContainText('Eliminado por Ana García');
  await expect(deleted).toContainText('Se puede restaurar hasta el');

  await page.getByRole('button', { name: 'Restaurar a Lucía García' }).click();
  await expect(page.getByText('Lucía García volvió a la lista.')).toBeVisible();
  await expect(deleted).toHaveCount(0);
  const card = page.getByRole('link', { name: /Lucía García/ });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('health-alerts')).toContainText('Penicilina');
  await page.reload();
  await expect(page.getByRole('link', { name: /Lucía García/ })).toBeVisible();
  await expect(page.getByTestId('deleted-child')).toHaveCount(0);
});

test('the add-child form explains what is missing', async ({ page }) => {
  await register(page, uniqueEmail('kids-form'));
  await page.getByRole('button', { name: 'Agregar hijo' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Género', { exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Por favor completa los campos requeridos');
  await expect(dialog.getByText('El nombre es requerido')).toBeVisible();
  await expect(dialog.getByText('La fecha de nacimiento es requerida')).toBeVisible();
  await expect(dialog.getByText('Elige el género')).toBeVisible();

  await dialog.getByLabel('Nombre', { exact: true }).fill('Mateo');
  await dialog.getByLabel('Apellido', { exact: true }).fill('García');
  await dialog.getByLabel('Fecha de nacimiento', { exact: true }).fill('2999-01-01');
  await dialog.getByLabel('Género', { exact: true }).selectOption('masculino');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La fecha de nacimiento no puede ser futura')).toBeVisible();
  await expect(dialog.getByText('Por favor completa los campos requeridos')).toBeHidden();

  await dialog.getByLabel('Fecha de nacimiento', { exact: true }).fill('2019-09-30');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: /Mateo García/ }).click();
  await expect(page.getByText('Masculino ·')).toBeVisible();
});

test('allergies, medicines and conditions come first and stand out; lists stay one per line', async ({ page }) => {
  await register(page, uniqueEmail('kids-health'));
  const id = await addChild(page, { nombre: 'Sol' });
  await page.goto(`/children/${id}?tab=medico`);
  await page.getByRole('button', { name: 'Editar información médica' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Alergias', { exact: true }).fill('Penicilina\nManí');
  await dialog.getByLabel('Medicamentos', { exact: true }).fill('Ibuprofeno, 5 ml si hay fiebre\nSalbutamol');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();

  // Shown one per line, and one per line again when edited.
  const medicines = page.getByRole('definition').filter({ hasText: 'Salbutamol' }).getByRole('listitem');
  await expect(medicines).toHaveText(['Ibuprofeno, 5 ml si hay fiebre', 'Salbutamol']);
  await page.getByRole('button', { name: 'Editar información médica' }).click();
  await expect(dialog.getByLabel('Alergias', { exact: true })).toHaveValue('Penicilina\nManí');
  await expect(dialog.getByLabel('Medicamentos', { exact: true })).toHaveValue('Ibuprofeno, 5 ml si hay fiebre\nSalbutamol');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The overview opens with them, each kind in words, with an icon and its own colour.
  await page.getByRole('tab', { name: 'Resumen' }).click();
  const panel = page.getByRole('region', { name: 'Alergias, medicamentos y condiciones' });
  await expect(panel).toBeVisible();
  const allergies = panel.locator('div', { has: page.getByRole('heading', { name: 'Alergias' }) }).last();
  await expect(allergies.getByRole('listitem')).toHaveText(['Penicilina', 'Maní']);
  await expect(allergies.locator('svg')).toHaveCount(1);
  const red = await allergies.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(red).not.toBe('rgba(0, 0, 0, 0)');
  const panelTop = await panel.evaluate((el) => el.getBoundingClientRect().top);
  const basicTop = await page.getByRole('heading', { name: 'Información básica' }).evaluate((el) => el.getBoundingClientRect().top);
  expect(panelTop).toBeLessThan(basicTop);

  // The card in the list leads with them too.
  await page.goto('/children');
  const alerts = page.getByRole('link', { name: /Sol García/ }).getByTestId('health-alerts');
  await expect(alerts).toContainText('Alergias:');
  await expect(alerts).toContainText('Penicilina');
  await expect(alerts).toContainText('Medicamentos:');
  await expect(alerts.locator('svg')).toHaveCount(2);
});

test('the open tab is in the address: reload and Back keep it', async ({ page }) => {
  await register(page, uniqueEmail('kids-tabs'));
  const id = await addChild(page, { nombre: 'Lucía' });
  await page.goto('/children');
  await page.getByRole('link', { name: /Lucía García/ }).click();
  await expect(page.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Salud' }).click();
  await expect(page).toHaveURL(new RegExp(`/children/${id}\\?tab=medico$`));
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Salud' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Editar información médica' })).toBeVisible();
  await page.getByRole('link', { name: /Volver a hijos/ }).click();
  await expect(page).toHaveURL(/\/children$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?tab=medico$/);
  await expect(page.getByRole('tab', { name: 'Salud' })).toHaveAttribute('aria-selected', 'true');
  // Switching tabs does not pile up history: Back from a tab leaves the record.
  await page.getByRole('tab', { name: 'Contactos' }).click();
  await page.goBack();
  await expect(page).toHaveURL(/\/children$/);
});

test('on a 390 px phone a 100-character name wraps, tabs are whole, nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, uniqueEmail('kids-narrow'));
  const long = 'Maximiliana'.repeat(9) + 'Florentina'.slice(0, 1);
  expect(long).toHaveLength(100);
  const spaced = Array.from({ length: 10 }, () => 'Valentinas').join(' ').slice(0, 100);
  const id = await addChild(page, {
    nombre: long,
    apellido: spaced,
    informacionMedica: { alergias: [long], medicamentos: [], condicionesEspeciales: [] },
  });
  await callApi(page, 'POST', `/api/hijos/${id}/actividades`, { nombre: long, lugar: spaced, diasSemana: ['lunes'] });
  await callApi(page, 'POST', `/api/hijos/${id}/contactos-emergencia`, { nombre: long, relacion: spaced, telefono: '011 4000-0000', email: 'abuela@example.org' });
  const families = await callApi<{ _id: string; zonaHoraria: string }[]>(page, 'GET', '/api/familias');
  const family = families.json.data[0];
  const renamed = await callApi(page, 'PUT', `/api/familias/${family?._id ?? ''}`, { nombre: long, zonaHoraria: family?.zonaHoraria });
  expect(renamed.status).toBe(200);

  await page.goto('/children');
  await expect(page.getByRole('link', { name: new RegExp(long) })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto(`/children/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(long);
  await expectNoSidewaysScroll(page);
  for (const name of ['Actividades', 'Salud', 'Contactos', 'Resumen']) {
    const tab = page.getByRole('tab', { name });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // The label is whole: nothing of it is cut off.
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoSidewaysScroll(page);
  }

  await page.goto('/profile/coparents');
  await expect(page.getByRole('heading', { name: long })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the photo dialog refuses a file that is not an image and keeps saying a large one is too big', async ({ page }) => {
  await register(page, uniqueEmail('kids-photo'));
  const id = await addChild(page, { nombre: 'Lucía' });
  await page.goto(`/children/${id}`);
  await page.getByRole('button', { name: 'Cambiar foto' }).click();
  const dialog = page.getByRole('dialog');
  const input = dialog.getByLabel('Elegir una foto', { exact: true });

  await input.setInputFiles({ name: 'notas.png', mimeType: 'image/png', buffer: Buffer.from('esto no es una imagen') });
  await expect(dialog.getByRole('alert')).toHaveText(/no es una imagen/);
  await expect(dialog.getByRole('img')).toHaveCount(0);

  const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
  await input.setInputFiles({ name: 'grande.jpg', mimeType: 'image/jpeg', buffer: big });
  await expect(dialog.getByRole('alert')).toHaveText('El archivo es muy grande. Máximo 5MB');
  await dialog.getByRole('button', { name: 'Subir foto' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('El archivo es muy grande. Máximo 5MB');
  // The same file chosen again is checked again, and still explained.
  await input.setInputFiles({ name: 'grande.jpg', mimeType: 'image/jpeg', buffer: big });
  await expect(dialog.getByRole('alert')).toHaveText('El archivo es muy grande. Máximo 5MB');

  await input.setInputFiles({ name: 'lucia.png', mimeType: 'image/png', buffer: png(32) });
  await expect(dialog.getByRole('img', { name: 'Vista previa' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});
