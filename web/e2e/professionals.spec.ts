import { expect, test, type Page } from '@playwright/test';
import { callApi, dialogClosed, mailsTo, PASSWORD, register, uniqueEmail } from './support';

async function ok<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await callApi<T>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json.data;
}

/** The /casos/aceptar link (path and query) of the access mailed to `to`. */
async function accessLinkFor(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const found = mailsTo(to)
        .map((mail) => mail.match(/\/casos\/aceptar\?[^\s"'<>]+/)?.[0])
        .find(Boolean);
      link = (found ?? '').replace(/&amp;/g, '&');
      return link !== '';
    })
    .toBe(true);
  return link;
}

/** Yesterday where this browser is: the first day of the period the lawyer is given. */
function yesterday(): string {
  const d = new Date(Date.now() - 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('a lawyer invited by mail reads the messages of the period granted, and loses them the moment the parent ends the access', async ({ browser, page: ana }) => {
  test.setTimeout(120_000);
  const lawyerEmail = uniqueEmail('abogada');

  // Ana and Bruno, co-parents, write to each other.
  await register(ana, uniqueEmail('ana-abogada'), 'Ana');
  const [family] = await ok<{ _id: string; nombre: string }[]>(ana, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(ana, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const bruno = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(bruno, uniqueEmail('bruno-abogada'), 'Bruno');
  await ok(bruno, 'POST', '/api/invitaciones/aceptar', { codigo });
  const talk = await ok<{ _id: string }>(ana, 'POST', '/api/conversaciones', { familiaId: family!._id, tema: 'general', asunto: 'Vacaciones de invierno' });
  await ok(ana, 'POST', `/api/conversaciones/${talk._id}/mensajes`, { texto: '¿Llevamos a Sofía a Bariloche en julio?', tipo: 'normal' });
  await ok(bruno, 'POST', `/api/conversaciones/${talk._id}/mensajes`, { texto: 'Sí, la segunda semana me viene bien.', tipo: 'normal' });

  // Ana gives her lawyer access to the messages, from yesterday on.
  await ana.goto('/profile/coparents');
  const card = ana.getByTestId('family');
  await card.getByRole('button', { name: 'Profesionales' }).click();
  await expect(card.getByText('Ningún profesional tiene acceso a esta familia.')).toBeVisible();
  await card.getByRole('button', { name: 'Dar acceso a un profesional' }).click();
  const form = card.getByRole('form', { name: 'Dar acceso a un profesional' });
  await form.getByLabel('Email del profesional').fill(lawyerEmail);
  await form.getByLabel('Profesión').selectOption('abogado');
  await expect(form.getByLabel('Mensajes')).toBeChecked();
  await form.getByLabel('Desde (opcional)').fill(yesterday());
  await form.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(ana.getByText('Invitación enviada al profesional')).toBeVisible();
  const access = card.getByTestId('professional-access');
  await expect(access).toContainText(lawyerEmail);
  await expect(access).toContainText('Pendiente');
  await expect(access).toContainText('Mensajes');

  // The lawyer follows the mailed link, registers as a professional and lands on her cases.
  const lawyer = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await lawyer.goto(await accessLinkFor(lawyerEmail));
  await expect(lawyer.getByRole('heading', { name: 'Acceso profesional' })).toBeVisible();
  await expect(lawyer.getByLabel('Email')).toHaveValue(lawyerEmail);
  await lawyer.getByLabel('Nombre').fill('Lucía');
  await lawyer.getByLabel('Apellido').fill('Paz');
  await lawyer.getByLabel('Matrícula (opcional)').fill('T.123 F.456');
  await lawyer.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await lawyer.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await lawyer.getByRole('checkbox').check();
  await lawyer.getByRole('button', { name: 'Crear cuenta y aceptar' }).click();
  await expect(lawyer).toHaveURL(/\/casos$/);
  // Her menu is her cases, not a parent's.
  await expect(lawyer.getByRole('link', { name: 'Casos' }).first()).toBeVisible();
  await expect(lawyer.getByRole('link', { name: 'Hijos' })).toHaveCount(0);
  const theCase = lawyer.getByTestId('case');
  await expect(theCase).toContainText(family!.nombre);
  await expect(theCase).toContainText('Activo');

  // She reads the period's messages, and only reads: nothing lets her write.
  await theCase.getByRole('link', { name: 'Abrir' }).click();
  await expect(lawyer.getByRole('tab', { name: 'Mensajes' })).toHaveAttribute('aria-selected', 'true');
  await lawyer.getByTestId('case-conversation').filter({ hasText: 'Vacaciones de invierno' }).click();
  const messages = lawyer.getByTestId('case-message');
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toContainText('¿Llevamos a Sofía a Bariloche en julio?');
  await expect(messages.last()).toContainText('Sí, la segunda semana me viene bien.');
  const write = await callApi(lawyer, 'POST', `/api/conversaciones/${talk._id}/mensajes`, { texto: 'Hola', tipo: 'normal' });
  expect(write.status).toBe(403);

  // Ana sees the access active and what was read, then ends it.
  await ana.reload();
  await card.getByRole('button', { name: 'Profesionales' }).click();
  await expect(access).toContainText('Activo');
  await expect(access).toContainText('Lucía Paz');
  await access.getByRole('button', { name: /Qué leyó/ }).click();
  await expect(access).toContainText('Mensajes ·');
  await access.getByRole('button', { name: 'Terminar el acceso' }).click();
  await ana.getByRole('dialog').getByRole('button', { name: 'Terminar el acceso' }).click();
  await dialogClosed(ana);
  await expect(ana.getByText('Acceso terminado')).toBeVisible();
  await expect(access).toContainText('Terminado');

  // The moment it ends, the lawyer reads nothing of the family.
  expect((await callApi(lawyer, 'GET', `/api/conversaciones/${talk._id}/mensajes`)).status).toBe(404);
  await lawyer.reload();
  await expect(lawyer.getByText('Este acceso ya no está activo: no puedes ver nada de esta familia.')).toBeVisible();
  await expect(lawyer.getByTestId('case-message')).toHaveCount(0);
  await lawyer.goto('/casos');
  await expect(lawyer.getByTestId('case')).toContainText('La familia terminó este acceso.');
});

test('a mediator both parents consented to starts a conversation with them, and it reads as any conversation to the parents', async ({ browser, page: ana }) => {
  test.setTimeout(120_000);
  const mediatorEmail = uniqueEmail('mediadora');
  await register(ana, uniqueEmail('ana-mediadora'), 'Ana');
  const [family] = await ok<{ _id: string; nombre: string }[]>(ana, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(ana, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const bruno = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(bruno, uniqueEmail('bruno-mediadora'), 'Bruno');
  await ok(bruno, 'POST', '/api/invitaciones/aceptar', { codigo });

  // Ana proposes a family mediator for the calendar alone; Bruno consents; she takes it up.
  const venceAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const access = await ok<{ _id: string }>(ana, 'POST', `/api/familias/${family!._id}/profesionales`, {
    email: mediatorEmail,
    profesion: 'mediador',
    tipo: 'de-familia',
    alcance: { areas: ['calendario'] },
    venceAt,
  });
  await ok(bruno, 'POST', `/api/accesos/${access._id}/consentir`, {});
  const mediator = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(mediator, mediatorEmail, 'Marta');
  const token = new URL(await accessLinkFor(mediatorEmail), 'http://x').searchParams.get('token');
  await ok(mediator, 'POST', '/api/accesos/aceptar', { token });

  // Her case holds the calendar and her conversation; she starts it and writes.
  await mediator.goto(`/casos/${family!._id}?vista=conversacion`);
  await expect(mediator.getByRole('tab', { name: 'Conversación' })).toHaveAttribute('aria-selected', 'true');
  await expect(mediator.getByRole('tab', { name: 'Calendario' })).toBeVisible();
  await mediator.getByLabel('Asunto').fill('Primera reunión');
  await mediator.getByRole('button', { name: 'Iniciar la conversación' }).click();
  await expect(mediator.getByRole('heading', { name: 'Primera reunión' })).toBeVisible();
  await mediator.getByLabel('Tu mensaje').fill('Les propongo vernos el martes a las 18.');
  await mediator.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(mediator.getByTestId('case-own-message')).toContainText('Les propongo vernos el martes a las 18.');

  // Ana finds it among her messages, marked as the professional's, and answers.
  await ana.goto('/messages');
  const listed = ana.getByRole('link').filter({ hasText: 'Primera reunión' });
  await expect(listed).toContainText('Profesional');
  await listed.click();
  await expect(ana.getByText('Les propongo vernos el martes a las 18.')).toBeVisible();
  const { conversaciones } = await ok<{ conversaciones: { _id: string }[] }>(ana, 'GET', `/api/conversaciones?familiaId=${family!._id}&tema=profesional`);
  await ok(ana, 'POST', `/api/conversaciones/${conversaciones[0]!._id}/mensajes`, { texto: 'El martes me viene bien.' });
  await mediator.reload();
  await expect(mediator.getByTestId('case-own-message')).toHaveCount(2);
  await expect(mediator.getByTestId('case-own-message').last()).toContainText('El martes me viene bien.');

  // Nowhere else does she write, and a second conversation is refused.
  expect((await callApi(mediator, 'POST', '/api/conversaciones', { familiaId: family!._id, tema: 'profesional', asunto: 'Otra' })).status).toBe(409);
});

test('a parenting coordinator proposes a holiday period, and it is in the calendar once both parents accept it', async ({ browser, page: ana }) => {
  test.setTimeout(120_000);
  const coordinatorEmail = uniqueEmail('coordinadora');
  await register(ana, uniqueEmail('ana-coordinadora'), 'Ana');
  const [family] = await ok<{ _id: string }[]>(ana, 'GET', '/api/familias');
  const { codigo } = await ok<{ codigo: string }>(ana, 'POST', `/api/familias/${family!._id}/codigo`, { permiso: 'coparent', relacion: 'padre' });
  const bruno = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(bruno, uniqueEmail('bruno-coordinadora'), 'Bruno');
  await ok(bruno, 'POST', '/api/invitaciones/aceptar', { codigo });
  const access = await ok<{ _id: string }>(ana, 'POST', `/api/familias/${family!._id}/profesionales`, {
    email: coordinatorEmail,
    profesion: 'coordinador',
    tipo: 'de-familia',
    alcance: { areas: ['calendario'] },
    venceAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  await ok(bruno, 'POST', `/api/accesos/${access._id}/consentir`, {});
  const coordinator = await (await browser.newContext({ locale: 'es-AR' })).newPage();
  await register(coordinator, coordinatorEmail, 'Clara');
  const token = new URL(await accessLinkFor(coordinatorEmail), 'http://x').searchParams.get('token');
  await ok(coordinator, 'POST', '/api/accesos/aceptar', { token });

  // She proposes a winter week with Ana from her case's calendar.
  await coordinator.goto(`/casos/${family!._id}`);
  await coordinator.getByRole('tab', { name: 'Calendario' }).click();
  const form = coordinator.getByRole('form', { name: 'Proponer un cambio a los progenitores' });
  await form.getByLabel('Nombre del período').fill('Invierno');
  const d = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric' });
  await form.getByLabel('Primera noche').fill(d(20));
  await form.getByLabel('Última noche').fill(d(26));
  await form.getByLabel('Con quién').selectOption({ label: 'Ana García' });
  await form.getByRole('button', { name: 'Enviar la propuesta' }).click();
  await expect(coordinator.getByText('Enviaste la propuesta a los progenitores.')).toBeVisible();
  await expect(coordinator.getByTestId('case-proposal')).toContainText('Esperando respuesta');

  // Both parents accept it in their calendar; then it is one of the family's periods.
  for (const parent of [ana, bruno]) {
    await parent.goto('/calendar');
    const proposal = parent.getByTestId('custody-proposal');
    await expect(proposal).toContainText('Período de vacaciones «Invierno»');
    await proposal.getByRole('button', { name: 'Aceptar' }).click();
    if (parent === ana) await expect(proposal).toContainText('Falta que acepte: Bruno García');
  }
  await expect(bruno.getByTestId('custody-proposal')).toHaveCount(0);
  const periods = await ok<{ nombre: string }[]>(bruno, 'GET', `/api/familias/${family!._id}/custodia/periodos`);
  expect(periods.map((p) => p.nombre)).toEqual(['Invierno']);
  await coordinator.reload();
  await coordinator.getByRole('tab', { name: 'Calendario' }).click();
  await expect(coordinator.getByTestId('case-proposal')).toContainText('Aceptada: ya está en el calendario');
});
