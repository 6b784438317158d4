import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { jsonResponse } from '../../../test/render';
import type { Today } from './api';
import { casaDeAna, todayOf } from './fixtures';
import { TodayPanel } from './TodayPanel';

let today: Today;
/** Answers of /api/hoy still to fail before it answers `today`. */
let failures = 0;
let me = 'u-ana';

function member(usuarioId: string, nombre: string) {
  return { _id: `m-${usuarioId}`, usuarioId, nombre, apellido: 'García', yo: usuarioId === me, estado: 'activo', permiso: 'coparent', relacion: 'madre', esAdmin: true, bloqueado: false };
}

beforeEach(() => {
  me = 'u-ana';
  failures = 0;
  today = todayOf([casaDeAna()], 1);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL((input as Request).url).pathname;
    if (path === '/api/hoy') {
      if (failures > 0) {
        failures -= 1;
        return jsonResponse(500, { success: false, msg: 'Error interno', code: 'internal' });
      }
      return jsonResponse(200, { success: true, data: today });
    }
    if (path === '/api/familias') {
      const miembros = [member('u-ana', 'Ana'), member('u-bruno', 'Bruno')];
      return jsonResponse(200, { success: true, data: [{ _id: 'f1', nombre: 'Casa de Ana', zonaHoraria: 'America/Argentina/Buenos_Aires', hijos: 2, miPermiso: 'coparent', soyAdmin: true, miembros }] });
    }
    return jsonResponse(404, { success: false });
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('es');
});

function renderPanel() {
  const router = createMemoryRouter(
    [
      { path: '/children', element: <TodayPanel /> },
      { path: '/calendar', element: <p>calendar page</p> },
      { path: '/profile/coparents', element: <p>families page</p> },
    ],
    { initialEntries: ['/children'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the Today panel', () => {
  it("says who has the children until when, the next exchange, today's events and what waits for an answer", async () => {
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Hoy' });
    const custody = await within(panel).findByTestId('today-custody');
    // The schedule says Ana, and Ana is the one reading.
    expect(custody).toHaveTextContent('Lucía y Mateo están contigo hasta el viernes a las 18:00');
    expect(custody).toHaveTextContent('Próximo intercambio: el viernes a las 18:00, de ti a Bruno');

    const events = within(panel).getAllByRole('listitem').filter((li) => li.closest('[data-testid="today-events"]'));
    expect(events.map((li) => li.textContent)).toEqual(['Todo el díaFeriado escolar', '17:30Natación']);

    const waiting = within(panel).getByTestId('today-waiting');
    const swap = within(waiting).getByRole('link', { name: /Bruno García te pide un cambio/ });
    expect(swap).toHaveTextContent('Noches: vie, 4 dic');
    // 15:00Z on Thursday is noon in Buenos Aires.
    expect(swap).toHaveTextContent('Tienes hasta el jueves a las 12:00 para responder');
    expect(within(waiting).getByRole('link', { name: 'Una invitación a una familia espera tu respuesta' })).toHaveAttribute('href', '/profile/coparents');

    await userEvent.click(swap);
    expect(await screen.findByText('calendar page')).toBeInTheDocument();
  });

  it('names the other parent in English, in the family zone', async () => {
    me = 'u-bruno';
    await i18n.changeLanguage('en');
    renderPanel();
    const custody = await screen.findByTestId('today-custody');
    expect(custody.textContent).toMatch(/Lucía and Mateo are with Ana until Friday at 6:00\sPM/);
    expect(custody.textContent).toMatch(/Next exchange: Friday at 6:00\sPM, from Ana to you/);
    expect(screen.getByText('All day')).toBeInTheDocument();
  });

  it('reads well with no schedule, nothing today and nothing to answer', async () => {
    const family = casaDeAna({ ahora: null, proximoIntercambio: null, eventosHoy: [], cambiosPorResponder: [] });
    family.hijos = family.hijos.map((h) => ({ ...h, con: null }));
    today = todayOf([family]);
    renderPanel();
    expect(await screen.findByText('Todavía no hay un régimen de custodia.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configúralo en el calendario' })).toHaveAttribute('href', '/calendar');
    expect(screen.getByText('Nada en el calendario para hoy.')).toBeInTheDocument();
    expect(screen.getByText('Nada pendiente.')).toBeInTheDocument();
    expect(screen.queryByTestId('today-custody')).not.toBeInTheDocument();
  });

  it('heads each family with its name when there are several', async () => {
    today = todayOf([casaDeAna(), casaDeAna({ familiaId: 'f2', nombre: 'Familia Sosa', cambiosPorResponder: [] })], 2);
    renderPanel();
    const sosa = await screen.findByRole('article', { name: 'Familia Sosa' });
    expect(screen.getByRole('article', { name: 'Casa de Ana' })).toBeInTheDocument();
    expect(within(sosa).getByText('Nada pendiente.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '2 invitaciones a familias esperan tu respuesta' })).toHaveLength(1);
  });

  it('shows the failure with a retry that asks again', async () => {
    failures = 1;
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar el resumen de hoy');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('today-custody')).toHaveTextContent('Lucía y Mateo están contigo');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
