import { expect, test } from '@playwright/test';
import { register, uniqueEmail } from './support';

// Markup and SQL typed into a child's record come back as text: nothing runs, nothing is built.
const PAYLOADS = {
  nombre: '<img src=x onerror="window.__owned=1">',
  apellido: "'; DROP TABLE hijos; --",
  escuela: '<script>window.__owned=2</script>',
  actividad: '<b onmouseover="window.__owned=3">Natación</b>',
};

test('script and SQL payloads in a child record are shown as text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await register(page, uniqueEmail('hostile'));
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };

  const made = await page.request.post('/api/hijos', {
    headers,
    data: {
      nombre: PAYLOADS.nombre,
      apellido: PAYLOADS.apellido,
      fechaNacimiento: '2019-05-06',
      genero: 'femenino',
      informacionEscolar: { escuela: PAYLOADS.escuela },
    },
  });
  expect(made.status()).toBe(201);
  const child = ((await made.json()) as { data: { _id: string } }).data._id;
  const activity = await page.request.post(`/api/hijos/${child}/actividades`, {
    headers,
    data: { nombre: PAYLOADS.actividad },
  });
  expect(activity.status()).toBe(201);

  await page.goto('/children');
  await expect(page.getByText(PAYLOADS.nombre).first()).toBeVisible();
  await page.goto(`/children/${child}`);
  await expect(page.getByText(PAYLOADS.nombre).first()).toBeVisible();
  await expect(page.getByText(PAYLOADS.escuela).first()).toBeVisible();
  await page.getByRole('tab', { name: /actividades/i }).click();
  const shown = page.getByText(PAYLOADS.actividad).first();
  await expect(shown).toBeVisible();
  await shown.hover();

  // No element came out of the payloads, and none of their code ran.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('b[onmouseover]').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
