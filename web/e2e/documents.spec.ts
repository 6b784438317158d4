import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { liveStream, register, uniqueEmail } from './support';

/** A small well-formed PDF (one page saying "Nido"), its cross-reference offsets computed. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// An 8×8 PNG, red: a photo of a paper, as small as one gets.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
);


async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, category: string) {
  await page.getByRole('button', { name: 'Subir documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo documento' });
  await dialog.getByLabel('Elegir un archivo').setInputFiles(file);
  await expect(dialog.getByLabel('Título')).toHaveValue(file.name.replace(/\.[a-z]+$/, ''));
  await dialog.getByLabel('Categoría').selectOption(category);
  await dialog.getByRole('button', { name: 'Subir', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Documento subido.')).toBeVisible();
}

test('documents: upload a PDF and a photo, preview them, download the same bytes, add a version, delete and restore', async ({ page }) => {
  test.setTimeout(60_000);
  await register(page, uniqueEmail('ana-documentos'), 'Ana');
  const streaming = liveStream(page);
  await page.goto('/profile/documents');
  await streaming;
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
  await expect(page.getByText(/Todavía no hay documentos/)).toBeVisible();
  await expect(page.getByTestId('storage')).toHaveText(/^0 B de \d/);

  const report = pdf('Nido');
  await upload(page, { name: 'informe-pediatra.pdf', mimeType: 'application/pdf', buffer: report }, 'medico');
  await upload(page, { name: 'dni-frente.png', mimeType: 'image/png', buffer: PNG }, 'identificacion');
  await expect(page.getByRole('region', { name: 'Médico' }).getByRole('button', { name: 'Abrir informe-pediatra' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Identificación' }).getByRole('button', { name: 'Abrir dni-frente' })).toBeVisible();

  // The photo shows from a blob URL, decoded by the browser.
  await page.getByRole('button', { name: 'Abrir dni-frente' }).click();
  let dialog = page.getByRole('dialog', { name: 'dni-frente' });
  const image = dialog.getByRole('img', { name: 'Vista previa de dni-frente' });
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // The PDF shows in a frame; its download is byte for byte what went up.
  await page.getByRole('button', { name: 'Abrir informe-pediatra' }).click();
  dialog = page.getByRole('dialog', { name: 'informe-pediatra' });
  await expect(dialog.locator('iframe[title="Vista previa de informe-pediatra"]')).toHaveAttribute('src', /^blob:/);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('informe-pediatra.pdf');
  expect((await readFile(await download.path())).equals(report)).toBe(true);

  // A new version: the first stays, downloadable.
  const second = pdf('Nido v2');
  await dialog.getByRole('button', { name: 'Subir una versión nueva' }).click();
  await dialog.getByLabel('Elegir un archivo').setInputFiles({ name: 'informe-pediatra-v2.pdf', mimeType: 'application/pdf', buffer: second });
  await dialog.getByRole('button', { name: 'Subir', exact: true }).click();
  await expect(dialog.getByText('Versión nueva subida.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Descargar la versión 2' })).toBeVisible();
  const first = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar la versión 1' }).click();
  expect((await readFile(await (await first).path())).equals(report)).toBe(true);
  const latest = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar la versión 2' }).click();
  expect((await readFile(await (await latest).path())).equals(second)).toBe(true);

  // Deleted, it leaves the list for "Eliminados", from where it comes back.
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar «informe-pediatra»?' });
  await confirm.getByRole('button', { name: 'Eliminar documento' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Abrir informe-pediatra' })).toBeHidden();
  await page.getByRole('tab', { name: 'Eliminados' }).click();
  await expect(page.getByText(/Se puede restaurar hasta el \d+ de \w+ de \d{4}/)).toBeVisible();
  await page.getByRole('button', { name: 'Restaurar informe-pediatra' }).click();
  await expect(page.getByText('Documento restaurado.')).toBeVisible();
  await expect(page.getByText(/No hay documentos eliminados/)).toBeVisible();
  await page.getByRole('tab', { name: 'Documentos' }).click();
  await expect(page.getByRole('button', { name: 'Abrir informe-pediatra' })).toBeVisible();

  // The profile hub counts what is there.
  await page.goto('/profile');
  await expect(page.locator('dt', { hasText: 'Documentos' }).locator('+ dd')).toHaveText('2');
});
