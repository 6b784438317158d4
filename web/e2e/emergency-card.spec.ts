import { expect, test } from '@playwright/test';
import { callApi, register, uniqueEmail } from './support';

test('a parent shares the emergency card, sees it opened and revokes the link', async ({ page, browser }) => {
  await register(page, uniqueEmail('card'));
  const made = await callApi<{ _id: string }>(page, 'POST', '/api/hijos', { nombre: 'Lucía', apellido: 'García', fechaNacimiento: '2016-04-12', genero: 'femenino', grupoSanguineo: 'O+' });
  expect(made.status).toBe(201);
  const id = made.json.data._id;
  const medical = await callApi(page, 'POST', `/api/hijos/${id}/informacion-medica`, {
    alergias: ['Maní'],
    medicamentos: [],
    condicionesEspeciales: ['Asma'],
    notasMedicas: 'Autoinyector de adrenalina en la mochila.',
  });
  expect(medical.status).toBe(200);
  const contact = await callApi(page, 'POST', `/api/hijos/${id}/contactos-emergencia`, { nombre: 'Abuela Rosa', relacion: 'abuela', telefono: '+54 11 4444-1234', prioridad: 1 });
  expect(contact.status).toBe(201);

  await page.goto(`/children/${id}`);
  const section = page.getByRole('region', { name: 'Tarjeta de emergencia' });
  await expect(section.getByTestId('emergency-card')).toContainText('Maní');
  await expect(section.getByTestId('emergency-card')).toContainText('Autoinyector de adrenalina en la mochila.');
  await section.getByLabel('Vence en').selectOption({ label: '7 días' });
  await section.getByRole('button', { name: 'Crear enlace' }).click();
  const link = section.getByRole('textbox', { name: 'Enlace a la tarjeta' });
  await expect(link).toHaveValue(/\/tarjeta\/[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();
  await expect(section.getByText('Todavía nadie lo abrió.')).toBeVisible();

  // Someone without an account opens it.
  const visitor = await browser.newContext({ locale: 'en-US' });
  const card = await visitor.newPage();
  const opened = await card.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(card.getByRole('heading', { name: 'Lucía García' })).toBeVisible();
  await expect(card.getByText('Emergency card')).toBeVisible();
  await expect(card.getByText('Abuela Rosa')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Medical notes' })).toBeVisible();
  await expect(card.getByText('Autoinyector de adrenalina en la mochila.')).toBeVisible();

  // The parent's screen shows the opening without a reload.
  await expect(section.getByText('Abierto 1 vez')).toBeVisible();

  await section.getByRole('button', { name: 'Revocar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Revocar' }).click();
  await expect(section.getByText('No hay enlaces activos.')).toBeVisible();

  const gone = await card.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(card.getByText('This link is not available')).toBeVisible();
  await visitor.close();
});
