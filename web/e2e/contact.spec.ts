import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { uniqueEmail, openLive } from './support';

function mailsTo(address: string): string[] {
  const dir = join(process.env.NIDO_E2E_DATA_DIR ?? '', 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  // At the start of a line: the support mail also has the writer in its Reply-To header.
  return files.map((f) => readFileSync(join(dir, f), 'utf8')).filter((m) => m.split(/\r?\n/).includes(`To: ${address}`));
}

test('the contact form checks its fields, sends, thanks and can send another', async ({ page }) => {
  const email = uniqueEmail('contacto');
  await openLive(page, '/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeVisible();

  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('El nombre es requerido')).toBeVisible();
  await expect(page.getByText('El asunto es requerido')).toBeVisible();

  await page.getByLabel('Nombre').fill('Marta');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Asunto').fill('Consulta de prueba');
  await page.getByLabel('Mensaje').fill('¿Puedo sumar a la abuela como co-madre?');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByRole('heading', { name: '¡Gracias por escribirnos!' })).toBeVisible();

  // The writer gets a receipt, and the support address gets the message itself.
  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
  expect(mailsTo(email)[0]).toContain('Recibimos tu mensaje');
  await expect
    .poll(() => mailsTo('Nido <soporte@nido.app>').some((m) => m.includes('Consulta de prueba')), { timeout: 10_000 })
    .toBe(true);

  await page.getByRole('button', { name: 'Enviar otro mensaje' }).click();
  await expect(page.getByLabel('Nombre')).toHaveValue('');
});

test('the status page shows live figures and refreshes on demand', async ({ page }) => {
  await openLive(page, '/status');
  await expect(page.getByRole('heading', { level: 1, name: 'Estado del sistema' })).toBeVisible();
  await expect(page.getByText('Base de datos')).toBeVisible();
  await expect(page.getByText('Almacenamiento de archivos')).toBeVisible();
  // Spanish separators: "6.144 de 24.105 MB (25,5 %)", "0,42 en 2 núcleos".
  await expect(page.getByText(/de [\d.]+ MB \(\d+,\d %\)/)).toBeVisible();
  await expect(page.getByText(/^\d+,\d\d en \d+ núcleos$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Carga de CPU' })).toBeVisible();

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/system/status'));
  await page.getByRole('button', { name: 'Actualizar' }).click();
  expect((await answer).status()).toBe(200);

  await page.getByRole('button', { name: /EN/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'System status' })).toBeVisible();
  await expect(page.getByText('Database', { exact: true })).toBeVisible();
});
