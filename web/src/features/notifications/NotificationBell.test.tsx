import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import { NotificationBell, badgeText } from './NotificationBell';
import type { Notification } from './api';

const notice = (over: Partial<Notification>): Notification => ({
  _id: 'n1',
  tipo: 'hijo.cambiado',
  titulo: 'Leo: ficha actualizada',
  texto: 'Ana cambió la escuela de Leo.',
  enlace: '/children/h1',
  familiaId: 'f1',
  leida: false,
  creada: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...over,
});

let unread = 0;
const posted: string[] = [];

beforeEach(() => {
  posted.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (request.method === 'POST') {
      posted.push(path);
      unread = path.endsWith('/leidas') ? 0 : Math.max(0, unread - 1);
      return jsonResponse(200, { success: true, data: { total: unread } });
    }
    if (path === '/api/notificaciones/no-leidas') return jsonResponse(200, { success: true, data: { total: unread } });
    if (path === '/api/notificaciones') {
      return jsonResponse(200, {
        success: true,
        data: { notificaciones: [notice({}), notice({ _id: 'n2', titulo: 'Carlos se unió', enlace: null, leida: true })], siguiente: null },
      });
    }
    return jsonResponse(404, { success: false });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderBell() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/children/:id', element: <p>child page</p> },
      { path: '/notifications', element: <p>notification centre</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('NotificationBell', () => {
  it('shows the unread count, 9+ past nine, and says it in its label', async () => {
    expect([0, 3, 9, 10, 120].map(badgeText)).toEqual(['0', '3', '9', '9+', '9+']);
    unread = 12;
    await i18n.changeLanguage('en');
    renderBell();
    expect(await screen.findByRole('button', { name: '12 unread notifications' })).toBeInTheDocument();
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('9+');
    await i18n.changeLanguage('es');
  });

  it('opens the latest notices; one opened is marked read and leads to its link', async () => {
    unread = 3;
    const router = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: '3 notificaciones sin leer' }));
    const panel = await screen.findByRole('region', { name: 'Notificaciones' });
    const items = await within(panel).findAllByTestId('notification');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Leo: ficha actualizada');
    expect(items[0]).toHaveTextContent('hace 5 minutos');
    await userEvent.click(items[0]!);
    expect(router.state.location.pathname).toBe('/children/h1');
    expect(posted).toEqual(['/api/notificaciones/n1/leida']);
  });

  it('marks all read and links to the centre', async () => {
    unread = 2;
    const router = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: '2 notificaciones sin leer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar todas como leídas' }));
    expect(await screen.findByRole('button', { name: 'Notificaciones, ninguna sin leer' })).toBeInTheDocument();
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
    expect(posted).toEqual(['/api/notificaciones/leidas']);
    await userEvent.click(screen.getByRole('link', { name: 'Ver todas' }));
    expect(router.state.location.pathname).toBe('/notifications');
  });
});
