import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../i18n';
import { RequireAuth } from './RequireAuth';
import { jsonResponse, page, renderRoutes } from '../test/render';
import { DangerZone } from '../features/profile/DangerZone';

const user = { success: true, _id: 'u1', nombre: 'Ana', apellido: 'G', email: 'ana@x.org', emailVerificado: true, telefono: null, foto: null, language: 'es' };

/** The signed-in page with the danger zone, behind the real guard; answers the calls by method and path. */
function setUp(closeAnswer: Response) {
  window.localStorage.setItem('token', 'tok');
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    calls.push({ method: request.method, path, body: await request.json().catch(() => null) });
    if (request.method === 'GET' && path === '/api/usuarios/perfil') return jsonResponse(200, user);
    if (request.method === 'DELETE' && path === '/api/usuarios/perfil') return closeAnswer;
    return jsonResponse(404, { success: false, msg: 'no', code: 'not_found' });
  });
  const client = new QueryClient();
  renderRoutes(
    [
      { path: '/', element: page('home page') },
      { path: '/login', element: page('login page') },
      {
        path: '/profile/edit',
        element: (
          <RequireAuth>
            <QueryClientProvider client={client}>
              <DangerZone />
            </QueryClientProvider>
          </RequireAuth>
        ),
      },
    ],
    '/profile/edit',
  );
  return calls;
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Qué pasa si cierras tu cuenta' }));
  expect(screen.getByText(/Tienes 90 días para reabrirla/)).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Cerrar mi cuenta' }));
  return screen.findByRole('dialog', { name: '¿Cerrar tu cuenta?' });
}

describe('DangerZone', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('asks for the word of the interface language; Cancel forgets what was typed', async () => {
    const calls = setUp(jsonResponse(500, {}));
    let dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Escribe «eliminar» para confirmar'), 'delete');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar mi cuenta' }));
    expect(await within(dialog).findByText('Debes escribir "eliminar" para confirmar')).toBeInTheDocument();
    expect(within(dialog).getByText('La contraseña es requerida')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar mi cuenta' }));
    dialog = await screen.findByRole('dialog', { name: '¿Cerrar tu cuenta?' });
    expect(within(dialog).getByLabelText('Escribe «eliminar» para confirmar')).toHaveValue('');
    expect(within(dialog).queryByText('Debes escribir "eliminar" para confirmar')).not.toBeInTheDocument();
  });

  it("puts the server's refusal on the password field", async () => {
    setUp(jsonResponse(422, { success: false, msg: 'Revisa los campos', code: 'validation', errors: { password: 'La contraseña actual no es correcta' } }));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Escribe «eliminar» para confirmar'), 'Eliminar');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'otra-clave');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar mi cuenta' }));
    expect(await within(dialog).findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(window.localStorage.getItem('token')).toBe('tok');
  });

  it('closes the account, forgets the session without signing out, and goes home', async () => {
    const calls = setUp(jsonResponse(200, { success: true, msg: 'Cerramos tu cuenta.', purgaAt: '2027-02-21T10:00:00Z' }));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Escribe «eliminar» para confirmar'), ' ELIMINAR ');
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'buenas-noches');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar mi cuenta' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.queryByText('login page')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ password: 'buenas-noches', confirmacion: 'ELIMINAR' });
    expect(calls.some((c) => c.path === '/api/usuarios/logout')).toBe(false);
  });

  it('asks for "delete" in English', async () => {
    await i18n.changeLanguage('en');
    setUp(jsonResponse(500, {}));
    await userEvent.click(await screen.findByRole('button', { name: 'What happens if you close your account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    await userEvent.type(within(dialog).getByLabelText('Type "delete" to confirm'), 'eliminar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByText('You must type "delete" to confirm')).toBeInTheDocument();
  });
});
