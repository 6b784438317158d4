import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { jsonResponse, page, renderRoutes } from '../../test/render';
import UnsubscribePage from './UnsubscribePage';

type Call = { method: string; path: string; token: string | null };

/** The page at `path`, with `get` and `post` standing in for the server's answers to the link. */
function setUp(path: string, get: () => Response, post: () => Response = get) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const request = input as Request;
    const url = new URL(request.url);
    calls.push({ method: request.method, path: url.pathname, token: url.searchParams.get('t') });
    if (url.pathname !== '/api/notificaciones/baja') return Promise.resolve(jsonResponse(404, {}));
    return Promise.resolve(request.method === 'POST' ? post() : get());
  });
  renderRoutes(
    [
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/profile/notifications', element: page('preferences page') },
    ],
    path,
  );
  return calls;
}

const kind = () => jsonResponse(200, { success: true, data: { tipo: 'hijo.cambiado', nombre: 'Cambios en la ficha de un hijo', siempre: false } });

describe('unsubscribe page', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(() => vi.restoreAllMocks());

  it('says what the link stops, and stops it only when confirmed', async () => {
    const calls = setUp('/unsubscribe?t=abc', kind);
    expect(await screen.findByText('Dejarás de recibir por email los avisos de: Cambios en la ficha de un hijo.')).toBeInTheDocument();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('heading', { name: 'Listo' })).toBeInTheDocument();
    expect(screen.getByText('Ya no te enviaremos emails de: Cambios en la ficha de un hijo.')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'GET', path: '/api/notificaciones/baja', token: 'abc' },
      { method: 'POST', path: '/api/notificaciones/baja', token: 'abc' },
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Preferencias de notificaciones' }));
    expect(await screen.findByText('preferences page')).toBeInTheDocument();
  });

  it('names the summary mail and all mail in their own words, in English too', async () => {
    await i18n.changeLanguage('en');
    setUp('/unsubscribe?t=abc', () => jsonResponse(200, { success: true, data: { tipo: 'resumen', nombre: 'Summary email', siempre: false } }));
    expect(await screen.findByText("You'll stop getting the summary email.")).toBeInTheDocument();
  });

  it('says that emergencies cannot be turned off, and offers no button that would stop nothing', async () => {
    const calls = setUp('/unsubscribe?t=abc', () =>
      jsonResponse(200, { success: true, data: { tipo: 'mensaje.emergencia', nombre: 'Mensajes de emergencia', siempre: true } }),
    );
    expect(
      await screen.findByText(
        'Los avisos de «Mensajes de emergencia» no se pueden desactivar: una emergencia sobre tus hijos te llega siempre por email y notificación push, también en tus horas de silencio.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preferencias de notificaciones' })).toHaveAttribute('href', '/profile/notifications');
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('says that stopping every mail leaves the emergencies, before and after', async () => {
    setUp('/unsubscribe?t=abc', () => jsonResponse(200, { success: true, data: { tipo: 'todo', nombre: 'Todos los emails de notificaciones', siempre: false } }));
    expect(
      await screen.findByText('Dejarás de recibir todos los emails de avisos de Nido, salvo las emergencias, que no se pueden desactivar.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Ya no te enviaremos emails de avisos, salvo las emergencias.')).toBeInTheDocument();
  });

  it('calls a link without a token a bad link, without asking the server', async () => {
    const calls = setUp('/unsubscribe', kind);
    expect(await screen.findByRole('heading', { name: 'Este enlace no funciona' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('calls an unknown or expired token a bad link', async () => {
    setUp('/unsubscribe?t=nope', () => jsonResponse(404, { success: false, msg: 'Enlace inválido', code: 'not_found' }));
    expect(await screen.findByRole('heading', { name: 'Este enlace no funciona' })).toBeInTheDocument();
    expect(screen.getByText('El enlace para darte de baja no es válido o está incompleto.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preferencias de notificaciones' })).toHaveAttribute('href', '/profile/notifications');
  });

  it('keeps the button when confirming fails for another reason, with the reason', async () => {
    setUp('/unsubscribe?t=abc', kind, () => jsonResponse(503, { success: false, msg: 'Servicio no disponible' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Servicio no disponible')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
  });
});
