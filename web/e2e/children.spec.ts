import { expect, test } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { register, uniqueEmail } from './support';

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

test('a child is added, completed, photographed and deleted', async ({ page }) => {
  await register(page, uniqueEmail('kids'));
  await expect(page.getByText('Todavía no agregaste a ningún hijo')).toBeVisible();

  await page.getByRole('button', { name: 'Agregar a mi primer hijo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await dialog.getByLabel('Apellido', { exact: true }).fill('García');
  await dialog.getByLabel('Fecha de nacimiento', { exact: true }).fill('2016-04-12');
  await dialog.getByLabel('Grupo sanguíneo', { exact: true }).selectOption('O+');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 hijo', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: /Lucía García/ }).click();
  await expect(page.getByRole('heading', { name: /Lucía García/ })).toBeVisible();

  await page.getByRole('button', { name: 'Editar información' }).click();
  await dialog.getByLabel('Nombre', { exact: true }).fill('Lucía Belén');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: /Lucía Belén García/ })).toBeVisible();

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
  await expect(page.getByRole('button', { name: 'Editar Natación' })).toBeVisible();
  await expect(page.getByText(/Lunes, Miércoles/)).toBeVisible();

  await page.getByRole('tab', { name: 'Salud' }).click();
  await page.getByRole('button', { name: 'Agregar turno' }).click();
  await dialog.getByLabel('Tipo de consulta', { exact: true }).fill('Control anual');
  await dialog.getByLabel('Fecha y hora', { exact: true }).fill('2026-12-01T10:30');
  await dialog.getByLabel('Médico', { exact: true }).fill('Dra. Ruiz');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('button', { name: 'Editar Control anual' })).toBeVisible();
  await expect(page.getByText('Programado')).toBeVisible();

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

  await page.getByRole('tab', { name: 'Resumen' }).click();
  await page.getByRole('button', { name: 'Eliminar el registro de este hijo' }).click();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/children$/);
  await expect(page.getByText('Todavía no agregaste a ningún hijo')).toBeVisible();
});

test('the add-child form explains what is missing', async ({ page }) => {
  await register(page, uniqueEmail('kids-form'));
  await page.getByRole('button', { name: 'Agregar hijo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Por favor completa los campos requeridos');
  await expect(dialog.getByText('El nombre es requerido')).toBeVisible();
  await expect(dialog.getByText('La fecha de nacimiento es requerida')).toBeVisible();
});
