import { expect, test, type Browser, type Page } from '@playwright/test';
import { dialogClosed, invitationLinkFor, PASSWORD, register, uniqueEmail } from './support';

/** A second or third person: a browser context of their own, so no session is shared. */
async function person(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('invite by email and by code: a co-parent and a read-only member see the same child', async ({ browser, page: ana }) => {
  test.setTimeout(90_000);
  const anaEmail = uniqueEmail('ana-invita');
  const martinEmail = uniqueEmail('martin-invitado');
  const carlaEmail = uniqueEmail('carla-codigo');

  // Ana registers and adds a child.
  await register(ana, anaEmail, 'Ana');
  await ana.getByRole('button', { name: 'Agregar a mi primer hijo' }).click();
  const dialog = ana.getByRole('dialog');
  await dialog.getByLabel('Nombre', { exact: true }).fill('Sofía');
  await dialog.getByLabel('Apellido', { exact: true }).fill('García');
  await dialog.getByLabel('Fecha de nacimiento', { exact: true }).fill('2018-03-09');
  await dialog.getByLabel('Género', { exact: true }).selectOption('femenino');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialogClosed(ana);

  // Ana invites Martín by email, as the father, with full access.
  await ana.goto('/profile/coparents');
  const family = ana.getByTestId('family');
  // A name of its own: the others' families are all called after their surname too.
  const familyName = `Casa de Ana ${Date.now()}`;
  await family.getByRole('button', { name: 'Editar nombre y zona horaria' }).click();
  await family.getByLabel('Nombre de la familia').fill(familyName);
  await family.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(family.getByRole('heading', { level: 2, name: familyName })).toBeVisible();
  await family.getByRole('button', { name: 'Invitar por email' }).click();
  const inviteForm = family.getByRole('form', { name: 'Invitar por email' });
  await inviteForm.getByLabel('Email de la persona').fill(martinEmail);
  await inviteForm.getByLabel('Relación con los niños').selectOption('padre');
  await inviteForm.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(ana.getByText('Invitación enviada')).toBeVisible();
  const pending = family.getByTestId('pending-invitation');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText(martinEmail);
  await expect(pending).toContainText('Padre');
  await expect(pending).toContainText('Vence el');

  // Martín follows the mailed link in his own browser and registers.
  const link = await invitationLinkFor(martinEmail);
  expect(link).toContain('token=');
  const martin = await person(browser);
  await martin.goto(link);
  await expect(martin.getByText(`Ana García te invitó a ${familyName} en Nido.`)).toBeVisible();
  const email = martin.getByLabel('Email');
  await expect(email).toHaveValue(martinEmail);
  await expect(email).toHaveAttribute('readonly', '');
  await martin.getByLabel('Nombre').fill('Martín');
  await martin.getByLabel('Apellido').fill('Sosa');
  await martin.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await martin.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await martin.getByRole('checkbox').check();
  await martin.getByRole('button', { name: 'Crear cuenta' }).click();

  // The registration's answer signs him in: straight to the children, no second sign-in.
  await expect(martin).toHaveURL(/\/children$/);
  await expect(martin.getByRole('link', { name: /Sofía García/ })).toBeVisible();
  await martin.reload();
  await expect(martin).toHaveURL(/\/children$/);
  await expect(martin.getByRole('link', { name: /Sofía García/ })).toBeVisible();

  // Ana sees Martín as an active member, and no pending invitation left.
  await ana.reload();
  await expect(family.getByTestId('member').filter({ hasText: 'Martín Sosa' })).toContainText('Activo');
  await expect(family.getByTestId('pending-invitation')).toHaveCount(0);

  // Ana makes a read-only code.
  const codeBox = family.getByRole('region', { name: 'Código de vinculación' });
  await codeBox.getByRole('radio', { name: /Solo lectura/ }).check();
  await codeBox.getByRole('button', { name: 'Crear código' }).click();
  await expect(ana.getByText('Código creado')).toBeVisible();
  const shown = (await codeBox.getByTestId('linking-code').textContent()) ?? '';
  const code = shown.replace(/\s/g, '');
  expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
  await expect(codeBox).toContainText('Solo lectura');
  await expect(codeBox.getByLabel('Enlace para registrarse con el código')).toHaveValue(new RegExp(`/register-invited\\?invitedBy=.+&code=${code}$`));

  // Carla registers on her own, then joins with the code (typed the way people type it).
  const carla = await person(browser);
  await register(carla, carlaEmail, 'Carla');
  await carla.goto('/profile/coparents');
  await carla.getByLabel('Código', { exact: true }).fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
  await expect(carla.getByLabel('Código', { exact: true })).toHaveValue(code);
  await carla.getByRole('button', { name: 'Unirme' }).click();
  await expect(carla.getByText('Te uniste a la familia')).toBeVisible();
  await expect(carla.getByRole('heading', { level: 2, name: familyName })).toBeVisible();

  // Her own empty family made way for Ana's: only one family, so the child carries no family name.
  await expect(carla.getByTestId('family')).toHaveCount(1);
  await carla.goto('/children');
  const child = carla.getByRole('link', { name: /Sofía García/ });
  await expect(child).not.toContainText('Familia:');
  await child.click();
  await expect(carla.getByRole('heading', { level: 1, name: /Sofía García/ })).toBeVisible();
  await expect(carla.getByText('Información básica')).toBeVisible();
  await expect(carla.getByRole('button', { name: 'Editar información' })).toHaveCount(0);
  await expect(carla.getByRole('button', { name: 'Editar', exact: true })).toHaveCount(0);
  await expect(carla.getByRole('button', { name: /Eliminar/ })).toHaveCount(0);

  // On the co-parents page she, a viewer, has no invitation tools for Ana's family.
  await carla.goto('/profile/coparents');
  const shared = carla.getByTestId('family').filter({ has: carla.getByRole('heading', { level: 2, name: familyName }) });
  await expect(shared.getByTestId('member')).toHaveCount(3);
  await expect(shared.getByRole('button', { name: 'Invitar por email' })).toHaveCount(0);
  await expect(shared.getByRole('region', { name: 'Código de vinculación' })).toHaveCount(0);

  // She says how she relates to the children, and Ana sees it.
  const herRow = shared.getByTestId('member').filter({ hasText: 'Carla García' });
  await herRow.getByLabel('Tu relación con los niños').selectOption('abuela');
  await expect(carla.getByText('Cambios guardados')).toBeVisible();
  await ana.goto('/profile/coparents');
  await expect(ana.getByTestId('member').filter({ hasText: 'Carla García' })).toContainText('Abuela');
});

test('an unknown invitation link is named as an invalid invitation', async ({ page }) => {
  // With or without the inviter's id (a link cut short, or typed by hand): never a silent plain form.
  for (const query of ['invitedBy=nobody&email=x%40example.org&token=not-a-real-token', 'token=not-a-real-token']) {
    await page.goto(`/register-invited?${query}`);
    await expect(page).toHaveURL(/\/register-invited\?/);
    const banner = page.getByRole('alert');
    await expect(banner).toContainText('No puedes usar esta invitación');
    await expect(banner).toContainText('No encontramos esa invitación');
    await expect(banner.getByRole('link', { name: 'Crear una cuenta sin invitación' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Crear cuenta' })).toHaveCount(0);
  }
});

test('someone with an account follows the mail, signs in to accept, then blocks and unblocks the inviter', async ({ browser, page: ana }) => {
  const brunoEmail = uniqueEmail('bruno-cuenta');
  await register(ana, uniqueEmail('ana-bloqueo'), 'Ana');
  const bruno = await person(browser);
  await register(bruno, brunoEmail, 'Bruno');
  await bruno.context().clearCookies();
  await bruno.evaluate(() => window.localStorage.clear());

  await ana.goto('/profile/coparents');
  const family = ana.getByTestId('family');
  const familyName = `Casa de Ana ${Date.now()}`;
  await family.getByRole('button', { name: 'Editar nombre y zona horaria' }).click();
  await family.getByLabel('Nombre de la familia').fill(familyName);
  await family.getByRole('button', { name: 'Guardar cambios' }).click();
  await family.getByRole('button', { name: 'Invitar por email' }).click();
  const inviteForm = family.getByRole('form', { name: 'Invitar por email' });
  await inviteForm.getByLabel('Email de la persona').fill(brunoEmail);
  await inviteForm.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(ana.getByText('Invitación enviada')).toBeVisible();

  // The link says the address has an account and leads to sign-in, then to the invitation.
  await bruno.goto(await invitationLinkFor(brunoEmail));
  await expect(bruno.getByText(`Ya hay una cuenta con ${brunoEmail}.`)).toBeVisible();
  await expect(bruno.getByRole('button', { name: 'Crear cuenta' })).toHaveCount(0);
  await bruno.getByRole('link', { name: 'Iniciar sesión para aceptar' }).click();
  await expect(bruno).toHaveURL(/\/login$/);
  await expect(bruno.getByLabel('Email')).toHaveValue(brunoEmail);
  await bruno.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await bruno.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(bruno).toHaveURL(/\/profile\/coparents\?token=/);
  const mailed = bruno.getByRole('region', { name: 'Tu invitación' });
  await expect(mailed).toContainText(`Ana García te invita a ${familyName}.`);
  await mailed.getByRole('button', { name: 'Aceptar' }).click();
  await expect(bruno.getByText('Te uniste a la familia')).toBeVisible();
  await expect(bruno).toHaveURL(/\/profile\/coparents$/);
  const joined = bruno.getByTestId('family').filter({ has: bruno.getByRole('heading', { level: 2, name: familyName }) });
  await expect(joined.getByTestId('member')).toHaveCount(2);

  // Bruno blocks Ana: a badge on her row, and she is on his blocked list until he unblocks her.
  const anaRow = joined.getByTestId('member').filter({ hasText: 'Ana García' });
  await anaRow.getByRole('button', { name: 'Bloquear' }).click();
  await bruno.getByRole('dialog').getByRole('button', { name: 'Bloquear' }).click();
  await expect(anaRow).toContainText('Bloqueado');
  await dialogClosed(bruno);
  await bruno.goto('/profile/blocked');
  const blocked = bruno.getByTestId('blocked-user');
  await expect(blocked).toHaveCount(1);
  await expect(blocked).toContainText('Ana García');
  await expect(blocked).toContainText('Bloqueado desde el');
  await blocked.getByRole('button', { name: /Desbloquear/ }).click();
  await expect(bruno.getByText('No bloqueaste a nadie')).toBeVisible();
});
