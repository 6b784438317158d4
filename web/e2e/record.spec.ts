import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support';

/** An account made through the API, with its session token. */
interface Person {
  token: string;
  id: string;
}

async function person(request: APIRequestContext, nombre: string, language: 'es' | 'en'): Promise<Person> {
  const made = await request.post('/api/usuarios', {
    data: { nombre, apellido: 'Paz', email: uniqueEmail(nombre.toLowerCase()), password: PASSWORD, language },
  });
  expect(made.status()).toBe(201);
  const body = (await made.json()) as { token: string; _id: string };
  return { token: body.token, id: body._id };
}

async function call(request: APIRequestContext, who: Person, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const answer = await request.fetch(path, { method, headers: { Authorization: `Bearer ${who.token}` }, data });
  expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: Record<string, unknown> }).data;
}

/** Ana and Beto co-parent Tomás, Rosa is a viewer; Ana leaves a trace in every domain. */
async function familyWithHistory(request: APIRequestContext) {
  const ana = await person(request, 'Ana', 'en');
  const beto = await person(request, 'Beto', 'en');
  const rosa = await person(request, 'Rosa', 'es');
  const families = (await call(request, ana, 'GET', '/api/familias')) as unknown as { _id: string }[];
  const family = families[0]!._id;
  for (const [who, permiso, relacion] of [
    [beto, 'coparent', 'padre'],
    [rosa, 'viewer', 'abuela'],
  ] as const) {
    const code = await call(request, ana, 'POST', `/api/familias/${family}/codigo`, { permiso, relacion });
    await call(request, who, 'POST', '/api/invitaciones/aceptar', { codigo: code.codigo });
  }
  const child = await call(request, ana, 'POST', '/api/hijos', {
    familiaId: family,
    nombre: 'Tomás',
    apellido: 'Paz',
    fechaNacimiento: '2019-05-06',
    genero: 'masculino',
  });
  await call(request, ana, 'PUT', `/api/hijos/${child._id as string}`, {
    nombre: 'Tomás',
    apellido: 'Paz',
    fechaNacimiento: '2019-05-06',
    genero: 'masculino',
  });
  await call(request, ana, 'PUT', `/api/familias/${family}/finanzas`, { ingresos: { [ana.id]: 31_415_926, [beto.id]: 27_182_818 } });
  await call(request, ana, 'POST', '/api/gastos', {
    familiaId: family,
    descripcion: 'Ortodoncia',
    fecha: '2026-03-02',
    categoria: 'salud',
    monto: 1_234_567,
    notas: 'Con la tarjeta de Ana',
    reparto: { modo: 'igual', participantes: [ana.id, beto.id] },
  });
  await call(request, beto, 'POST', '/api/pagos', { familiaId: family, fecha: '2026-03-05', de: beto.id, para: ana.id, monto: 20_000, moneda: 'ARS' });
  for (const [titulo, visibilidad] of [
    ['Acuerdo de divorcio', 'coprogenitores'],
    ['Calendario escolar', 'familia'],
  ]) {
    const answer = await request.post('/api/documentos', {
      headers: { Authorization: `Bearer ${ana.token}` },
      multipart: {
        familiaId: family,
        categoria: 'legal',
        titulo: titulo!,
        visibilidad: visibilidad!,
        archivo: { name: 'papel.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n') },
      },
    });
    expect(answer.status()).toBe(201);
  }
  const conversation = await call(request, ana, 'POST', '/api/conversaciones', {
    familiaId: family,
    tema: 'general',
    asunto: 'Vacaciones de invierno',
    participantes: [rosa.id],
  });
  await call(request, ana, 'POST', `/api/conversaciones/${conversation._id as string}/mensajes`, { texto: '¿Lo llevás vos el martes?' });
  const event = (titulo: string, privado: boolean) => ({
    familiaId: family,
    titulo,
    tipo: 'recordatorio',
    categoria: 'medico',
    inicio: '2027-05-03T09:00:00',
    todoElDia: false,
    zonaHoraria: 'America/Argentina/Buenos_Aires',
    hijos: [child._id],
    privado,
  });
  await call(request, ana, 'POST', '/api/eventos', event('Acto escolar', false));
  await call(request, ana, 'POST', '/api/eventos', event('Terapia', true));
  await call(request, ana, 'PUT', `/api/familias/${family}/custodia`, { patron: '7-7', inicio: '2026-03-02', progenitorA: ana.id, progenitorB: beto.id });
  return { ana, beto, rosa };
}

/** Opens the family's record as `who`, in `language` (their account's own, which the app adopts). */
async function openRecord(page: Page, who: Person, language: 'es' | 'en') {
  await page.addInitScript(
    ([token, lang]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('language', lang);
    },
    [who.token, language] as const,
  );
  await page.goto('/profile/coparents');
  await page.getByRole('button', { name: language === 'es' ? 'Registro de la familia' : 'Family record' }).click();
  const record = page.getByTestId('family-record');
  await expect(record.getByTestId('record-entry').first()).toBeVisible();
  return record;
}

test('record: every entry in words, what it concerns named for whom may read it, withheld plainly for the others', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { ana, rosa } = await familyWithHistory(request);

  // Rosa, a viewer, on a phone: money and the co-parents' document are withheld, with why; what is
  // hers to read is named; the record is intact all the same.
  await page.setViewportSize({ width: 390, height: 844 });
  const record = await openRecord(page, rosa, 'es');
  await expect(record.getByText(/Registro íntegro: \d+ entradas, verificado\./)).toBeVisible();
  await expect(record.getByText(/entradas tienen el contenido reservado/)).toBeVisible();
  await expect(record.getByText('Se cargó un gasto')).toBeVisible();
  const withheld = record.getByTestId('record-withheld');
  await expect(withheld.filter({ hasText: 'El dinero solo lo ven los progenitores.' }).first()).toBeVisible();
  await expect(withheld.filter({ hasText: 'El documento no está compartido contigo.' })).toHaveCount(1);
  await expect(withheld.filter({ hasText: 'Es un evento privado: solo lo ve quien lo creó.' })).toHaveCount(1);
  await expect(withheld.first()).toContainText('Contenido reservado');
  await expect(record.getByText('Se subió «Calendario escolar»')).toBeVisible();
  await expect(record.getByText('Se inició la conversación «Vacaciones de invierno»')).toBeVisible();
  await expect(record.getByText('Se creó el evento «Acto escolar»')).toBeVisible();
  await expect(record.getByText('Se modificaron los datos de Tomás Paz')).toBeVisible();
  await expect(record.getByText(/Se definió el régimen de custodia desde el 2 de marzo de 2026/)).toBeVisible();
  await expect(record).not.toContainText('Ortodoncia');
  await expect(record).not.toContainText('Acuerdo de divorcio');
  await expect(record).not.toContainText('Otro cambio');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Ana, in English on a desktop, reads it all, named.
  await page.setViewportSize({ width: 1280, height: 900 });
  const hers = await openRecord(page, ana, 'en');
  await expect(hers.getByText(/Record intact: \d+ entries, verified\./)).toBeVisible();
  await expect(hers.getByText('The expense “Ortodoncia” was added')).toBeVisible();
  await expect(hers.getByText('A payment from Beto Paz to Ana Paz was recorded')).toBeVisible();
  await expect(hers.getByText('“Acuerdo de divorcio” was uploaded')).toBeVisible();
  await expect(hers.getByText('A message was sent in “Vacaciones de invierno”')).toBeVisible();
  await expect(hers.getByText('Tomás Paz was added')).toBeVisible();
  await expect(hers.getByText('The money settings changed (currency ARS)')).toBeVisible();
  // Her own private event: its entries never name it, to anyone, but say it was private.
  await expect(hers.getByText('A private event was created')).toBeVisible();
  await expect(hers.getByTestId('record-withheld')).toHaveCount(0);
  await expect(hers).not.toContainText('Other change');
});
