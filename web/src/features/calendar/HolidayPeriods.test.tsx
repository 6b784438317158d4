import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import type { Holders } from './holidayPeriods';
import { HolidayPeriods } from './HolidayPeriods';
import type { Period } from './types';

const calls: string[] = [];
let periods: Period[] = [];

const period = (id: string, nombre: string, rest: Partial<Period>): Period => ({
  _id: id,
  nombre,
  desde: '2026-12-24',
  hasta: '2026-12-24',
  modo: 'progenitor',
  usuarioId: 'ana',
  anual: true,
  createdAt: '2026-11-24T10:00:00Z',
  ...rest,
});

beforeEach(() => {
  calls.length = 0;
  periods = [period('p1', 'Nochebuena', { modo: 'alterna' }), period('p2', 'Vacaciones de invierno', { desde: '2027-07-12', hasta: '2027-07-23', modo: 'mitades', anual: false })];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    calls.push(`${request.method} ${path}`);
    if (request.method === 'DELETE') {
      const removed = periods.find((p) => path.endsWith(p._id));
      periods = periods.filter((p) => p !== removed);
      return jsonResponse(200, { success: true, data: removed });
    }
    return jsonResponse(200, { success: true, data: periods });
  });
});

afterEach(() => vi.restoreAllMocks());

const holders: Holders = {
  nameOf: (id) => ({ ana: 'Ana', bruno: 'Bruno' })[id] ?? '?',
  otherOf: (id) => (id === 'ana' ? 'bruno' : 'ana'),
};

function renderPeriods(canEdit: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onAdd = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <HolidayPeriods familiaId="f1" holders={holders} canEdit={canEdit} onAdd={onAdd} />
    </QueryClientProvider>,
  );
  return { onAdd };
}

describe('the holiday periods', () => {
  it('lists the latest added first, each with its nights and who holds it in words', async () => {
    renderPeriods(true);
    const items = await screen.findAllByTestId('holiday-period');
    expect(items[0]).toHaveTextContent('Vacaciones de invierno');
    expect(items[0]).toHaveTextContent('Por mitades: la primera con Bruno, la segunda con Ana');
    expect(items[0]).toHaveTextContent('Del 12 jul al 23 jul de 2027 · una vez · 12 noches');
    expect(items[1]).toHaveTextContent('Nochebuena');
    expect(items[1]).toHaveTextContent('Ana en los años pares, Bruno en los impares');
    expect(items[1]).toHaveTextContent('24 dic · cada año · 1 noche');
  });

  it('removes one only once confirmed', async () => {
    const { onAdd } = renderPeriods(true);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir período' }));
    expect(onAdd).toHaveBeenCalled();

    await userEvent.click(await screen.findByRole('button', { name: 'Quitar Nochebuena' }));
    const dialog = screen.getByRole('dialog', { name: '¿Quitar este período?' });
    expect(dialog).toHaveTextContent('Las noches de «Nochebuena» vuelven a seguir el régimen habitual.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Quitar Nochebuena' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/familias/f1/custodia/periodos/p1'));
    await waitFor(() => expect(screen.getAllByTestId('holiday-period')).toHaveLength(1));
  });

  it('shows a viewer the periods without a way to change them', async () => {
    renderPeriods(false);
    expect(await screen.findAllByTestId('holiday-period')).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when there are none', async () => {
    periods = [];
    renderPeriods(false);
    expect(await screen.findByText('Todavía no hay ningún período.')).toBeInTheDocument();
  });
});
