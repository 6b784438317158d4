import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../i18n';
import LoginPage from '../features/accounts/LoginPage';
import { announceSessionEnded } from '../api/sessionEnd';
import { jsonResponse, page, renderRoutes } from '../test/render';
import { RequireAuth } from './RequireAuth';
import { SessionEndedDialog } from './SessionEndedDialog';

const user = { success: true, _id: 'u1', nombre: 'Ana', apellido: 'G', email: 'ana@x.org', emailVerificado: true, telefono: null, foto: null, language: 'es' };

const routes = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/calendar',
    element: (
      <RequireAuth>
        {page('calendar page')}
        <SessionEndedDialog />
      </RequireAuth>
    ),
  },
  { path: '/children', element: page('children list') },
];

/** The profile answers for the stored session; sign-in answers with a new one. */
function server() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL((input as Request).url).pathname;
    if (path === '/api/usuarios/perfil') return jsonResponse(200, user);
    if (path === '/api/usuarios/login') return jsonResponse(200, { ...user, token: 'new-session' });
    throw new Error(`unexpected call to ${path}`);
  });
}

describe('SessionEndedDialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
    window.localStorage.setItem('token', 'old-session');
    server();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('offers to sign in over the page, then comes back to it', async () => {
    const router = renderRoutes(routes, '/calendar?vista=semana');
    expect(await screen.findByText('calendar page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => announceSessionEnded());
    const dialog = await screen.findByRole('dialog', { name: 'Tu sesión terminó' });
    expect(screen.getByText('calendar page')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByText('Inicia sesión y volverás a la página en la que estabas.')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fcalendar%3Fvista%3Dsemana');
    expect(window.localStorage.getItem('token')).toBeNull();

    await userEvent.type(screen.getByLabelText('Email'), 'ana@x.org');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'buenas-noches');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('calendar page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?vista=semana');
    expect(window.localStorage.getItem('token')).toBe('new-session');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows when another tab signs out', async () => {
    renderRoutes(routes, '/calendar');
    expect(await screen.findByText('calendar page')).toBeInTheDocument();
    act(() => {
      window.localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'old-session', newValue: null }));
    });
    expect(await screen.findByRole('dialog', { name: 'Tu sesión terminó' })).toBeInTheDocument();
  });

  it('goes unseen by a visitor whose stale token was dropped at start, who signs in and comes back', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(401, { success: false, msg: 'x', code: 'unauthorized' }));
    const router = renderRoutes(routes, '/calendar?vista=semana');
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fcalendar%3Fvista%3Dsemana');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
