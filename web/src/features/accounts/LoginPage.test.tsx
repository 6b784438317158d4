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
});
