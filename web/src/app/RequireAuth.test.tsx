import { screen } from '@testing-library/react';
import '../i18n';
import { RequireAuth } from './RequireAuth';
import { jsonResponse, page, renderRoutes } from '../test/render';

const user = { success: true, _id: 'u1', nombre: 'Ana', apellido: 'G', email: 'a@x.org', telefono: null, foto: null, language: 'es' };

const routes = [
  { path: '/login', element: page('login page') },
  { path: '/children', element: <RequireAuth>{page('private children')}</RequireAuth> },
];

describe('RequireAuth', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('sends a visitor without a token to /login', async () => {
    renderRoutes(routes, '/children');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('shows a spinner while the token is checked, then the page', async () => {
    window.localStorage.setItem('token', 'good');
    let answer: (r: Response) => void = () => {};
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderRoutes(routes, '/children');
    expect(screen.getByRole('status')).toBeInTheDocument();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByRole('status')).toBeInTheDocument();
    answer(jsonResponse(200, user));
    expect(await screen.findByText('private children')).toBeInTheDocument();
  });

  it('drops a token the server refuses, silently', async () => {
    window.localStorage.setItem('token', 'stale');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(401, { success: false, msg: 'x', code: 'unauthorized' }));
    renderRoutes(routes, '/children');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
