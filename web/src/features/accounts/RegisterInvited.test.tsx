import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import RegisterPage from './RegisterPage';
import { jsonResponse, page, renderRoutes } from '../../test/render';

const routes = [
  { path: '/register', element: page('plain registration') },
  { path: '/register-invited', element: <RegisterPage invited /> },
  { path: '/login', element: page('login page') },
  { path: '/children', element: page('children page') },
];

const found = (over: Record<string, unknown> = {}) =>
  jsonResponse(200, {
    success: true,
    data: {
      invitadoPor: { nombre: 'Lucía', apellido: 'Pereyra' },
      familia: 'Familia Pereyra',
      email: 'martin@example.org',
      permiso: 'coparent',
      relacion: 'padre',
      expiresAt: '2099-11-30T12:00:00Z',
      cuentaExiste: false,
      ...over,
    },
  });

/** Answers the look-up with `lookup` and the registration with a session. */
function server(lookup: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const request = input as Request;
    if (request.url.includes('/api/invitaciones/consulta')) return Promise.resolve(lookup());
    if (request.url.endsWith('/api/usuarios'))
      return Promise.resolve(jsonResponse(201, { success: true, token: 't', _id: 'u2', nombre: 'Martín', apellido: 'Sosa', email: 'martin@example.org', language: 'es' }));
    return Promise.resolve(jsonResponse(401, { success: false, msg: 'no' }));
  });
}

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Nombre'), 'Martín');
  await userEvent.type(screen.getByLabelText('Apellido'), 'Sosa');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'buenas-noches-2026');
  await userEvent.type(screen.getByLabelText('Confirmar contraseña'), 'buenas-noches-2026');
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
}

describe('/register-invited', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    window.localStorage.clear();
  });

  it('names who invites to which family, keeps the mailed email read-only and sends the token', async () => {
    const fetch = server(() => found());
    renderRoutes(routes, '/register-invited?invitedBy=u1&email=martin@example.org&token=tok123');
    expect(await screen.findByText('Lucía Pereyra te invitó a Familia Pereyra en Nido.')).toBeInTheDocument();
    const lookup = fetch.mock.calls[0]?.[0] as Request;
    expect(new URL(lookup.url).searchParams.get('token')).toBe('tok123');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('martin@example.org');
    // A mailed link: no code field.
    expect(screen.queryByLabelText('Código de vinculación')).not.toBeInTheDocument();

    await fillAndSubmit();
    // The answer's session is kept: the new member lands on the children, signed in.
    expect(await screen.findByText('children page')).toBeInTheDocument();
    expect(window.localStorage.length).toBeGreaterThan(0);
    const registration = fetch.mock.calls.map((c) => c[0] as Request).find((r) => r.url.endsWith('/api/usuarios'));
    expect(await registration?.json()).toMatchObject({ invitedBy: 'u1', invitationToken: 'tok123', linkingCode: null, email: 'martin@example.org' });
  });

  it('says why an expired or used link cannot be used, links to plain registration and hides the form', async () => {
    server(() => jsonResponse(410, { success: false, msg: 'Esta invitación venció.' }));
    renderRoutes(routes, '/register-invited?invitedBy=u1&email=martin@example.org&token=old');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No puedes usar esta invitación');
    expect(alert).toHaveTextContent('Esta invitación venció.');
    expect(within(alert).getByRole('link', { name: 'Crear una cuenta sin invitación' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).not.toBeInTheDocument();
  });

  it('offers to sign in and accept when the address already has an account', async () => {
    server(() => found({ cuentaExiste: true }));
    renderRoutes(routes, '/register-invited?invitedBy=u1&email=martin@example.org&token=tok123');
    expect(await screen.findByText('Ya hay una cuenta con martin@example.org.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Iniciar sesión para aceptar' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('fills the code from a shared link, normalises edits, and sends it', async () => {
    const fetch = server(() => found({ email: null }));
    renderRoutes(routes, '/register-invited?invitedBy=u1&code=abcd-2345');
    const code = screen.getByLabelText('Código de vinculación');
    expect(code).toHaveValue('ABCD2345');
    expect(await screen.findByText('Lucía Pereyra te invitó a Familia Pereyra en Nido.')).toBeInTheDocument();
    expect(new URL((fetch.mock.calls[0]?.[0] as Request).url).searchParams.get('codigo')).toBe('ABCD2345');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText('Email'), 'martin@example.org');
    await fillAndSubmit();
    await screen.findByText('children page');
    const registration = fetch.mock.calls.map((c) => c[0] as Request).find((r) => r.url.endsWith('/api/usuarios'));
    expect(await registration?.json()).toMatchObject({ invitedBy: 'u1', invitationToken: null, linkingCode: 'ABCD2345' });
  });

  it('asks for a code when the link has neither token nor code', async () => {
    const fetch = server(() => jsonResponse(404, { success: false, msg: 'No encontramos ese código.' }));
    renderRoutes(routes, '/register-invited?invitedBy=u1');
    expect(screen.getByText(/Escribe el código que te dieron/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Código de vinculación'), 'zzzz 9999');
    expect(await screen.findByText('No encontramos ese código.')).toBeInTheDocument();
    // A wrong code can be corrected: the form stays.
    expect(screen.getByRole('button', { name: 'Crear cuenta' })).toBeInTheDocument();
  });

  it('names an unknown mailed link as an invalid invitation, even without invitedBy', async () => {
    server(() => jsonResponse(404, { success: false, code: 'invitation_unknown', msg: 'No encontramos esa invitación. Revisa el enlace o el código.' }));
    renderRoutes(routes, '/register-invited?email=martin@example.org&token=nope');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No puedes usar esta invitación');
    expect(alert).toHaveTextContent('No encontramos esa invitación.');
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).not.toBeInTheDocument();
  });

  it('puts a refusal for another address on the email field', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const request = input as Request;
      if (request.url.includes('/api/invitaciones/consulta')) return Promise.resolve(found({ email: null }));
      return Promise.resolve(jsonResponse(422, { success: false, code: 'invitation_email_mismatch', msg: 'Esta invitación se envió a otra dirección de email.' }));
    });
    renderRoutes(routes, '/register-invited?invitedBy=u1&code=abcd-2345');
    await screen.findByText('Lucía Pereyra te invitó a Familia Pereyra en Nido.');
    await userEvent.type(screen.getByLabelText('Email'), 'otra@example.org');
    await fillAndSubmit();
    expect(await screen.findAllByText('Esta invitación se envió a otra dirección de email.')).not.toHaveLength(0);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes to plain registration without invitedBy', async () => {
    renderRoutes(routes, '/register-invited?email=x@example.org');
    expect(await screen.findByText('plain registration')).toBeInTheDocument();
  });
});
