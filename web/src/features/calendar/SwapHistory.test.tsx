import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import type { Parent } from './parents';
import { SwapHistory } from './SwapHistory';
import type { Swap } from './types';

afterEach(async () => {
  // Unmounted first, so the switch back reaches no rendered component.
  cleanup();
  await i18n.changeLanguage('es');
});

const parents: Parent[] = [
  { usuarioId: 'ana', name: 'Ana García', colourClass: 'nido-parent-0', colour: '#000', nightColour: '#fff', yo: true },
  { usuarioId: 'bruno', name: 'Bruno García', colourClass: 'nido-parent-1', colour: '#000', nightColour: '#fff', yo: false },
];

const swap = (id: string, from: string, estado: Swap['estado'], respondidoAt: string | null, noches = ['2026-12-05']): Swap => ({
  _id: id,
  familiaId: 'f1',
  solicitanteId: from,
  destinatarioId: from === 'ana' ? 'bruno' : 'ana',
  noches,
  devolucion: [],
  motivo: `Motivo ${id}`,
  responderAntesDe: '2026-12-01T12:00:00Z',
  estado,
  porResponder: false,
  createdAt: '2026-11-20T10:00:00Z',
  respondidoAt,
});

const swaps = [
  swap('open', 'bruno', 'pendiente', null),
  swap('old', 'bruno', 'rechazado', '2026-11-21T09:00:00Z'),
  swap('expired', 'ana', 'vencido', null, ['2026-12-10', '2026-12-11']),
  swap('new', 'bruno', 'aceptado', '2026-11-23T18:30:00Z'),
  swap('countered', 'ana', 'contraofertado', '2026-11-22T08:00:00Z'),
];

describe('the swap history', () => {
  it('is folded, counts the closed requests, and opens on them newest first with who asked, the nights and the outcome', async () => {
    render(<SwapHistory me="ana" parents={parents} swaps={swaps} zone="Europe/Madrid" />);
    const toggle = screen.getByRole('button', { name: 'Historial de cambios (4)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('swap-history-item')).toBeNull();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByTestId('swap-history-item');
    // Closed at: accepted 23 Nov, countered 22 Nov, declined 21 Nov; the expired one at its deadline, 1 Dec.
    expect(items.map((i) => within(i).getByText(/Motivo/).textContent)).toEqual(['“Motivo expired”', '“Motivo new”', '“Motivo countered”', '“Motivo old”']);
    expect(items[0]).toHaveTextContent('Venció sin respuesta');
    expect(items[0]).toHaveTextContent('Lo pediste tú a Bruno García');
    expect(items[0]).toHaveTextContent('Noches: jue, 10 dic, vie, 11 dic');
    expect(items[1]).toHaveTextContent('Aceptado');
    expect(items[1]).toHaveTextContent('Lo pidió Bruno García');
    expect(items[1]).toHaveTextContent('23 de nov de 2026, 19:30');
    expect(items[2]).toHaveTextContent('Con contraoferta');
    expect(items[3]).toHaveTextContent('Rechazado');
    expect(screen.queryByText('“Motivo open”')).toBeNull();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    render(<SwapHistory me="bruno" parents={parents} swaps={swaps.slice(0, 2)} zone="Europe/Madrid" />);
    await userEvent.click(screen.getByRole('button', { name: 'Swap history (1)' }));
    const [item] = screen.getAllByTestId('swap-history-item');
    expect(item).toHaveTextContent('Declined');
    expect(item).toHaveTextContent('You asked Ana García');
  });

  it('is not shown while no request has closed', () => {
    render(<SwapHistory me="ana" parents={parents} swaps={[swap('open', 'bruno', 'pendiente', null)]} zone="Europe/Madrid" />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
