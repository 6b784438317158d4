import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../i18n';
import { jsonResponse, renderRoutes } from '../../test/render';
import PreferencesPage from './PreferencesPage';
import type { Preferences } from './preferencesApi';

const PREFERENCES: Preferences = {
  tipos: [
    { tipo: 'hijo.cambiado', nombre: 'Cambios en la ficha de un hijo', descripcion: 'Otro miembro cambió datos de un hijo', email: true, push: true, urgente: false, siempre: false },
    { tipo: 'mensaje.urgente', nombre: 'Mensajes urgentes', descripcion: 'Un mensaje marcado como urgente', email: true, push: true, urgente: true, siempre: false },
  ],
  silencio: null,
  discreto: false,
  resumen: 'semanal',
  zonaHoraria: 'America/Argentina/Buenos_Aires',
};

type Call = { method: string; path: string; body: unknown };

/** The page with a server that answers the preferences and devices, and `put` for a save. */
function setUp(put: (body: unknown) => Response = (body) => jsonResponse(200, { success: true, data: { ...PREFERENCES, ...(body as object) } })) {
  window.localStorage.setItem('token', 'tok');
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    const body: unknown = await request.json().catch(() => null);
    calls.push({ method: request.method, path, body });
    if (path === '/api/usuarios/perfil') return jsonResponse(200, { success: true, _id: 'u1', nombre: 'Ana', apellido: 'G', email: 'a@x.org', language: 'es' });
    if (request.method === 'GET' && path === '/api/notificaciones/preferencias') return jsonResponse(200, { success: true, data: PREFERENCES });
    if (request.method === 'PUT' && path === '/api/notificaciones/preferencias') return put(body);
    if (request.method === 'GET' && path === '/api/notificaciones/dispositivos') return jsonResponse(200, { success: true, data: [] });
    return jsonResponse(404, { success: false, msg: 'no', code: 'not_found' });
  });
  renderRoutes(
    [
      {
        path: '/profile/notifications',
        element: (
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <PreferencesPage />
          </QueryClientProvider>
        ),
      },
    ],
    '/profile/notifications',
  );
  return calls;
}

const saves = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

describe('notification preferences', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('shows every kind with its channels; in-app always on and urgent kinds marked', async () => {
    setUp();
    const kind = await screen.findByRole('group', { name: 'Cambios en la ficha de un hijo' });
    expect(kind).toHaveTextContent('Otro miembro cambió datos de un hijo');
    expect(kind).toHaveTextContent('Siempre en la app');
    expect(kind).not.toHaveTextContent('Ignora las horas de silencio');
    expect(within(kind).getByRole('switch', { name: 'Email' })).toHaveAttribute('aria-checked', 'true');
    expect(within(kind).getByRole('switch', { name: 'Push' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('group', { name: 'Mensajes urgentes' })).toHaveTextContent('Ignora las horas de silencio');
    // A browser without push says so instead of offering a button that cannot work.
    expect(screen.getByTestId('this-device')).toHaveTextContent('Este navegador no puede recibir notificaciones push');
  });

  it('names in the quiet hours text exactly the kinds that pass them, in both languages', async () => {
    setUp();
    expect(
      await screen.findByText('En estas horas no te enviamos emails ni notificaciones push. Solo llegan igual: Mensajes urgentes.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/avisos urgentes sí llegan/)).not.toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(
      await screen.findByText("During these hours we don't send you emails or push notifications. Only these still come through: Mensajes urgentes."),
    ).toBeInTheDocument();
    await i18n.changeLanguage('es');
  });

  it('shows a kind the server marks always on with its switches on and locked, and why', async () => {
    const emergency = { tipo: 'mensaje.emergencia' as const, nombre: 'Mensajes de emergencia', descripcion: 'Un mensaje marcado como emergencia', email: false, push: false, urgente: true, siempre: true };
    PREFERENCES.tipos.push(emergency);
    try {
      const calls = setUp();
      const kind = await screen.findByRole('group', { name: 'Mensajes de emergencia' });
      for (const name of ['Email', 'Push']) {
        const toggle = within(kind).getByRole('switch', { name });
        expect(toggle).toHaveAttribute('aria-checked', 'true');
        expect(toggle).toBeDisabled();
      }
      expect(kind).toHaveTextContent('Siempre activo');
      expect(kind).toHaveTextContent('no se pueden desactivar');
      // The other kinds keep their own switches.
      expect(within(screen.getByRole('group', { name: 'Mensajes urgentes' })).getByRole('switch', { name: 'Email' })).toBeEnabled();
      // Saved on, as shown, whatever the answer held: the server refuses an always-on kind turned off.
      await userEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
      await vi.waitFor(() => expect(saves(calls)).toHaveLength(1));
      expect((saves(calls)[0]!.body as { tipos: unknown[] }).tipos).toContainEqual({ tipo: 'mensaje.emergencia', email: true, push: true });
    } finally {
      PREFERENCES.tipos.pop();
    }
  });

  it('saves every kind, quiet hours, discreet mode and the summary as the API takes them', async () => {
    const calls = setUp();
    const kind = await screen.findByRole('group', { name: 'Cambios en la ficha de un hijo' });
    await userEvent.click(within(kind).getByRole('switch', { name: 'Email' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Activar horas de silencio' }));
    expect(screen.getByText(/Horas en tu zona horaria: .*Buenos Aires/)).toBeInTheDocument();
    const from = screen.getByLabelText('Desde');
    await userEvent.clear(from);
    await userEvent.type(from, '23:30');
    await userEvent.click(screen.getByRole('switch', { name: 'Activar modo discreto' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Diario' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));

    expect(await screen.findByText('Preferencias guardadas')).toBeInTheDocument();
    expect(saves(calls).map((c) => c.body)).toEqual([
      {
        tipos: [
          { tipo: 'hijo.cambiado', email: false, push: true },
          { tipo: 'mensaje.urgente', email: true, push: true },
        ],
        silencio: { desde: '23:30', hasta: '07:00' },
        discreto: true,
        resumen: 'diario',
      },
    ]);
  });

  it('sends no quiet hours when they are off', async () => {
    const calls = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar preferencias' }));
    expect(await screen.findByText('Preferencias guardadas')).toBeInTheDocument();
    expect(saves(calls)[0]?.body).toMatchObject({ silencio: null, discreto: false, resumen: 'semanal' });
  });

  it('refuses quiet hours that start and end at the same time, or a time that is not one', async () => {
    const calls = setUp();
    await userEvent.click(await screen.findByRole('switch', { name: 'Activar horas de silencio' }));
    const to = screen.getByLabelText('Hasta');
    await userEvent.clear(to);
    await userEvent.type(to, '22:00');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    expect(await screen.findByText('El inicio y el fin no pueden ser la misma hora')).toBeInTheDocument();

    await userEvent.clear(to);
    await userEvent.type(to, 'luego');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    expect(await screen.findByText('Escribe una hora válida, por ejemplo 22:00')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(0);
  });

  it("puts the server's message on the field it names, in the user's language", async () => {
    setUp(() => jsonResponse(422, { success: false, msg: 'Revisa los datos', code: 'validation', errors: { silencio: 'Hora fuera de rango' } }));
    await userEvent.click(await screen.findByRole('switch', { name: 'Activar horas de silencio' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar preferencias' }));
    expect(await screen.findByText('Hora fuera de rango')).toBeInTheDocument();
    expect(screen.getByLabelText('Desde')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Preferencias guardadas')).not.toBeInTheDocument();
  });

  it('names a general failure above the form', async () => {
    setUp(() => jsonResponse(500, { success: false, msg: 'Algo salió mal en el servidor' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar preferencias' }));
    expect(await screen.findByText('Algo salió mal en el servidor')).toBeInTheDocument();
  });
});
