import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { SessionProvider } from '../../lib/session';
import { TOKEN_KEY } from '../../api/client';
import { jsonResponse } from '../../test/render';
import { Thread } from './Thread';
import { aMessage, ana, bruno } from './fixtures';
import type { Message } from './types';


const message = (over: Partial<Message>): Message =>
  aMessage({ enviadoAt: new Date(Date.now() - 60_000).toISOString(), ...over });

let posted: { path: string; body: unknown }[] = [];

beforeEach(() => {
  posted = [];
  window.localStorage.setItem(TOKEN_KEY, 'token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (request.method === 'POST') {
      posted.push({ path, body: await request.json() });
      return jsonResponse(200, { success: true, data: { vistos: 2, vistaAt: new Date().toISOString() } });
    }
    if (path === '/api/usuarios/perfil') return jsonResponse(200, { success: true, ...ana, email: 'ana@example.org', language: 'es' });
    if (path === '/api/mensajes/ajustes') return jsonResponse(200, { success: true, data: { escudo: true } });
    if (path === '/api/conversaciones/c1')
      return jsonResponse(200, {
        success: true,
        data: { _id: 'c1', familiaId: 'f1', tema: 'escuela', asunto: 'Excursión', creadaPor: 'ana', creadaAt: '2026-11-20T10:00:00Z', actualizadaAt: '2026-11-24T10:00:00Z', participantes: [{ ...ana, foto: null }, { ...bruno, foto: null }], ultimoMensaje: null, noLeidos: 2 },
      });
    if (path === '/api/conversaciones/c1/mensajes')
      return jsonResponse(200, {
        success: true,
        data: {
          mensajes: [
            message({
              _id: 'm3',
              numero: 3,
              texto: 'Lo hablamos mañana',
              autor: ana,
              vistas: [{ usuarioId: 'bruno', vistaAt: null }],
              respondeA: { _id: 'm2', numero: 2, autor: bruno, texto: 'Sos un desastre', tono: 'hostil', plegado: false, enviadoAt: new Date(Date.now() - 60_000).toISOString() },
            }),
            message({ _id: 'm2', numero: 2, texto: 'Sos un desastre', tono: 'hostil' }),
            message({ _id: 'm1', numero: 1, texto: 'Hola, ¿pudiste hablar con la maestra?', autor: ana, vistas: [{ usuarioId: 'bruno', vistaAt: '2026-11-24T17:32:00Z' }] }),
          ],
          siguiente: null,
        },
      });
    return jsonResponse(404, { success: false });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function renderThread() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The bell's unread count, as the layout would have cached it.
  client.setQueryData(['notifications', 'unread'], 3);
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter>
          <Thread id="c1" />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe('Thread', () => {
  it('folds a hostile message behind the shield until asked, and records the view up to the newest message', async () => {
    const user = userEvent.setup();
    renderThread();
    // Folded where it was sent and where my reply quotes it.
    expect(await screen.findAllByText('Este mensaje puede resultar hiriente')).toHaveLength(2);
    expect(screen.queryByText('Sos un desastre')).not.toBeInTheDocument();
    await waitFor(() => expect(posted).toEqual([{ path: '/api/conversaciones/c1/leidos', body: { hasta: 'm3' } }]));

    await user.click(screen.getByRole('button', { name: 'Mostrarlo' }));
    // Shown once, it is shown in the quote too.
    expect(screen.getAllByText('Sos un desastre')).toHaveLength(2);
    expect(screen.queryByText('Este mensaje puede resultar hiriente')).not.toBeInTheDocument();
  });

  it('keeps a folded message out of the reply being written and of the reply button\'s label', async () => {
    const user = userEvent.setup();
    renderThread();
    await screen.findAllByText('Este mensaje puede resultar hiriente');
    const replies = screen.getAllByRole('button', { name: /^Responder/ });
    expect(replies.map((b) => b.textContent)).not.toContain('Responder: Sos un desastre');
    const toHostile = screen.getByRole('button', { name: 'Responder: Este mensaje puede resultar hiriente' });
    await user.click(toHostile);
    expect(screen.getByText('Respondiendo a Bruno Pérez')).toBeInTheDocument();
    expect(screen.queryByText('Sos un desastre')).not.toBeInTheDocument();
  });

  it('makes the bell count again once messages are seen, as their notices are read with them', async () => {
    const client = renderThread();
    await waitFor(() => expect(posted).toHaveLength(1));
    await waitFor(() => expect(client.getQueryState(['notifications', 'unread'])?.isInvalidated).toBe(true));
  });

  it('shows when my message was first seen, and offers to reply to any message', async () => {
    renderThread();
    expect(await screen.findByText(/^Visto \d{2}:\d{2}$|^Visto \d+ \S+ \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Responder/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /editar|eliminar|borrar/i })).not.toBeInTheDocument();
  });
});
