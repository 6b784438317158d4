import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import LoginPage from './LoginPage';
import { jsonResponse, page, renderRoutes } from '../../test/render';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/children', element: page('children list') },
];

describe('LoginPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('checks the fields before calling the server', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderRoutes(routes, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('El email es requerido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es requerida')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lowercases the email, stores the token and goes to /children', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(200, { success: true, token: 'tok', _id: 'u1', nombre: 'Ana', apellido: 'G', email: 'ana@x.org', telefono: null, foto: null, language: 'es' }),
    );
    renderRoutes(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ANA@X.org');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'buenas-noches');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('children list')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('tok');
    const request = fetch.mock.calls[0]?.[0] as Request;
    expect(await request.json()).toEqual({ email: 'ana@x.org', password: 'buenas-noches' });
    expect(request.headers.get('Accept-Language')).toBe('es');
  });

  it("shows the server's message when sign-in fails", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(401, { success: false, msg: 'Email o contraseña incorrectos.', code: 'invalid_credentials' }),
    );
    renderRoutes(routes, '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@x.org');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email o contraseña incorrectos.');
  });

  describe('two-step verification and closed accounts', () => {
    const user = { _id: 'u1', nombre: 'Ana', apellido: 'G', email: 'ana@x.org', emailVerificado: true, telefono: null, foto: null, language: 'es' };
    const challenge = { success: true, twoFactor: true, challenge: 'ch-1' };

    /** Answers each call by its path, in order for a path called more than once; records the bodies. */
    function server(answers: Record<string, Response[]>) {
      const calls: { path: string; body: unknown }[] = [];
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
        const request = input as Request;
        const path = new URL(request.url).pathname;
        calls.push({ path, body: await request.json().catch(() => null) });
        const next = answers[path]?.shift();
        if (!next) throw new Error(`unexpected call to ${path}`);
        return next;
      });
      return calls;
    }

    async function signInWithPassword() {
      renderRoutes(routes, '/login');
      await userEvent.type(screen.getByLabelText('Email'), 'ana@x.org');
      await userEvent.type(screen.getByLabelText('Contraseña'), 'buenas-noches');
      await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    }

    it('asks for the code from the app, then opens the session with it', async () => {
      const calls = server({
        '/api/usuarios/login': [jsonResponse(200, challenge)],
        '/api/usuarios/login/2fa': [jsonResponse(200, { success: true, token: 'tok-2', ...user })],
      });
      await signInWithPassword();
      expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
      const field = screen.getByLabelText('Código de tu app de autenticación');
      expect(field).toHaveAttribute('inputmode', 'numeric');
      expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      expect(field).toHaveFocus();
      await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByText('Escribe el código')).toBeInTheDocument();
      await userEvent.type(field, '123 456');
      await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByText('children list')).toBeInTheDocument();
      expect(window.localStorage.getItem('token')).toBe('tok-2');
      expect(calls[1]).toEqual({ path: '/api/usuarios/login/2fa', body: { challenge: 'ch-1', code: '123456' } });
    });

    it('takes a recovery code instead', async () => {
      const calls = server({
        '/api/usuarios/login': [jsonResponse(200, challenge)],
        '/api/usuarios/login/2fa': [jsonResponse(200, { success: true, token: 'tok-3', ...user })],
      });
      await signInWithPassword();
      await userEvent.click(await screen.findByRole('button', { name: /Usar un código de recuperación/ }));
      await userEvent.type(screen.getByLabelText('Código de recuperación'), 'k7m2-x9pq-4hzt');
      await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByText('children list')).toBeInTheDocument();
      expect(calls[1]?.body).toEqual({ challenge: 'ch-1', code: 'k7m2-x9pq-4hzt' });
    });

    it("keeps the code step with the server's message when a code is wrong", async () => {
      const wrong = 'El código no es correcto. Usa el código de 6 dígitos de tu app de autenticación o uno de tus códigos de recuperación.';
      server({
        '/api/usuarios/login': [jsonResponse(200, challenge)],
        '/api/usuarios/login/2fa': [jsonResponse(401, { success: false, msg: wrong, code: 'two_factor_code_invalid' })],
      });
      await signInWithPassword();
      const field = await screen.findByLabelText('Código de tu app de autenticación');
      await userEvent.type(field, '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
      expect(screen.getByLabelText('Código de tu app de autenticación')).toHaveValue('');
      expect(window.localStorage.getItem('token')).toBeNull();
    });

    it('goes back to the password when the sign-in expired', async () => {
      const expired = 'El inicio de sesión expiró. Ingresa tu email y contraseña de nuevo.';
      server({
        '/api/usuarios/login': [jsonResponse(200, challenge)],
        '/api/usuarios/login/2fa': [jsonResponse(401, { success: false, msg: expired, code: 'two_factor_challenge_invalid' })],
      });
      await signInWithPassword();
      await userEvent.type(await screen.findByLabelText('Código de tu app de autenticación'), '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(expired);
      expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('ana@x.org');
      expect(screen.getByLabelText('Contraseña')).toHaveValue('');
    });

    it('offers to reopen a closed account, then signs in with the same credentials', async () => {
      const closed = 'Esta cuenta está cerrada. Puedes reactivarla durante los 90 días posteriores al cierre.';
      const calls = server({
        '/api/usuarios/login': [
          jsonResponse(403, { success: false, msg: closed, code: 'account_closed' }),
          jsonResponse(200, { success: true, token: 'tok-4', ...user }),
        ],
        '/api/usuarios/reactivar': [jsonResponse(200, { success: true, msg: 'Reactivamos tu cuenta.' })],
      });
      await signInWithPassword();
      expect(await screen.findByRole('heading', { name: 'Tu cuenta está cerrada' })).toBeInTheDocument();
      expect(screen.getByText(closed)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Reactivar mi cuenta' }));
      expect(await screen.findByText('children list')).toBeInTheDocument();
      expect(window.localStorage.getItem('token')).toBe('tok-4');
      expect(calls.map((c) => c.path)).toEqual(['/api/usuarios/login', '/api/usuarios/reactivar', '/api/usuarios/login']);
      expect(calls[1]?.body).toEqual({ email: 'ana@x.org', password: 'buenas-noches' });
    });

    it('after reopening, asks for the code when two-step verification is on', async () => {
      server({
        '/api/usuarios/login': [jsonResponse(403, { success: false, msg: 'Cerrada.', code: 'account_closed' }), jsonResponse(200, challenge)],
        '/api/usuarios/reactivar': [jsonResponse(200, { success: true, msg: 'Reactivamos tu cuenta.' })],
      });
      await signInWithPassword();
      await userEvent.click(await screen.findByRole('button', { name: 'Reactivar mi cuenta' }));
      expect(await screen.findByText('Reactivamos tu cuenta. Solo falta el código de tu app.')).toBeInTheDocument();
      expect(screen.getByLabelText('Código de tu app de autenticación')).toBeInTheDocument();
    });
  });
});
