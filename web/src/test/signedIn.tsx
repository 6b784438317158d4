import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session';
import { APP_FORGETTING } from '../app/forgetting';
import { jsonResponse } from './render';

/** Carla, a grandmother who reads Ana and Bruno's family (a viewer there) and co-parents none. */
export const carla = { _id: 'u-carla', nombre: 'Carla', apellido: 'Paz', email: 'carla@example.org', emailVerificado: true, telefono: null, foto: null, language: 'es', zonaHoraria: 'America/Argentina/Buenos_Aires' };

const member = (usuarioId: string, nombre: string, permiso: 'coparent' | 'viewer', relacion: string) => ({
  _id: `m-${usuarioId}`,
  usuarioId,
  nombre,
  apellido: 'Paz',
  permiso,
  relacion,
  esAdmin: usuarioId === 'u-ana',
  estado: 'activo',
  bloqueado: false,
  foto: null,
  yo: usuarioId === carla._id,
});

export const familyCarlaReads = {
  _id: 'f-paz',
  nombre: 'Familia Paz',
  zonaHoraria: 'America/Argentina/Buenos_Aires',
  hijos: 1,
  miPermiso: 'viewer',
  soyAdmin: false,
  miembros: [member('u-ana', 'Ana', 'coparent', 'madre'), member('u-bruno', 'Bruno', 'coparent', 'padre'), member(carla._id, 'Carla', 'viewer', 'abuela')],
};

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Renders `node` for Carla signed in, the API answered by path from `answers` (404 for anything
 * else); gives back every request made, in order.
 */
export function renderSignedIn(node: ReactNode, answers: Record<string, (request: Request) => Response>, path = '/') {
  const sent: Sent[] = [];
  window.localStorage.setItem('token', 'carla-session');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    const text = await request.clone().text();
    sent.push({ method: request.method, path: url.pathname, body: text ? JSON.parse(text) : null });
    if (url.pathname === '/api/usuarios/perfil') return jsonResponse(200, { success: true, ...carla });
    const answer = answers[`${request.method} ${url.pathname}`];
    return answer ? answer(request) : jsonResponse(404, { success: false, msg: 'No encontramos lo que buscas.', code: 'not_found' });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <QueryClientProvider client={client}>{node}</QueryClientProvider> }], { initialEntries: [path] });
  render(
    <SessionProvider forgetting={APP_FORGETTING}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return sent;
}
