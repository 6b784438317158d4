import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import type { Parent } from './parents';
import { SwapRequests } from './SwapRequests';
import type { Swap } from './types';

const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return jsonResponse(200, { success: true, data: {} });
  });
});

afterEach(() => vi.restoreAllMocks());

const parents: Parent[] = [
  { usuarioId: 'ana', name: 'Ana García', colourClass: 'nido-parent-0', colour: '#000', nightColour: '#fff', yo: true },
  { usuarioId: 'bruno', name: 'Bruno García', colourClass: 'nido-parent-1', colour: '#000', nightColour: '#fff', yo: false },
];

const swap = (id: string, from: string, to: string, porResponder: boolean, estado: Swap['estado'] = 'pendiente'): Swap => ({
  _id: id,
  familiaId: 'f1',
  solicitanteId: from,
  destinatarioId: to,
  noches: ['2026-12-05'],
  devolucion: from === 'bruno' ? ['2026-12-12'] : [],
  motivo: `Motivo ${id}`,
  responderAntesDe: '2026-12-01T12:00:00Z',
  estado,
  porResponder,
  createdAt: '2026-11-24T10:00:00Z',
});

function renderRequests(swaps: Swap[], onCounter = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SwapRequests familiaId="f1" me="ana" parents={parents} swaps={swaps} zone="Europe/Madrid" onCounter={onCounter} />
    </QueryClientProvider>,
  );
  return { onCounter };
}

describe('the to-do of swap requests', () => {
  it('offers answers only for the requests waiting for mine, and shows my own as waiting', async () => {
    const { onCounter } = renderRequests([swap('s1', 'bruno', 'ana', true), swap('s2', 'ana', 'bruno', false), swap('s3', 'bruno', 'ana', false, 'aceptado')]);
    const [forMe, mine, ...rest] = screen.getAllByTestId('swap-request');
    expect(rest).toHaveLength(0);
    expect(forMe).toHaveTextContent('Bruno García te pide un cambio');
    expect(forMe).toHaveTextContent('A cambio: sáb, 12 dic');
    expect(mine).toHaveTextContent('Pediste un cambio a Bruno García');
    expect(within(mine!).queryByRole('button')).toBeNull();

    await userEvent.click(within(forMe!).getByRole('button', { name: 'Contraoferta' }));
    expect(onCounter).toHaveBeenCalledWith(expect.objectContaining({ _id: 's1' }));
    await userEvent.click(within(forMe!).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(calls).toContain('POST /api/familias/f1/cambios/s1/aceptar'));
    await userEvent.click(within(forMe!).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(calls).toContain('POST /api/familias/f1/cambios/s1/rechazar'));
  });

  it('shows nothing when no request is open', () => {
    renderRequests([swap('s3', 'bruno', 'ana', false, 'vencido')]);
    expect(screen.queryByRole('heading', { name: 'Pendiente de respuesta' })).toBeNull();
  });
});
