import { screen } from '@testing-library/react';
import i18n from '../../i18n';
import { jsonResponse, renderRoutes } from '../../test/render';
import EmailLinkPage from './EmailLinkPage';

const user = { success: true, _id: 'u1', nombre: 'Ana', apellido: 'G', email: 'ana@x.org', emailVerificado: true, telefono: null, foto: null, language: 'es' };

describe('the page a verification link opens', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('offers someone signed in one way on, not two', async () => {
    window.localStorage.setItem('token', 'ana');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      new URL((input as Request).url).pathname.startsWith('/api/usuarios/verificar-email/') ? jsonResponse(200, { success: true, msg: 'ok' }) : jsonResponse(200, user),
    );
    renderRoutes([{ path: '/verify-email/:token', element: <EmailLinkPage kind="verify" /> }], '/verify-email/abc');
    expect(await screen.findByRole('heading', { name: '¡Email confirmado!' })).toBeInTheDocument();
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/children');
    expect(links.map((a) => a.textContent)).toEqual(['Ir a Nido']);
  });

  it('offers a visitor without a session the way to sign in', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { success: true, msg: 'ok' }));
    renderRoutes([{ path: '/verify-email/:token', element: <EmailLinkPage kind="verify" /> }], '/verify-email/abc');
    expect(await screen.findByRole('heading', { name: '¡Email confirmado!' })).toBeInTheDocument();
    expect(screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/login')).toHaveLength(1);
  });
});
