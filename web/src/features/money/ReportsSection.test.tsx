import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import type { Report } from './types';

// The canvas chart draws nothing in jsdom; what it shows is what the tables under it read out.
vi.mock('../../components/BarChart', () => ({ BarChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
const { default: ReportsSection } = await import('./ReportsSection');

const report: Report = {
  moneda: 'ARS',
  porMes: [
    { mes: '2026-10', total: 1_000_000 },
    { mes: '2026-11', total: 2_469_134 },
  ],
  porCategoria: [{ categoria: 'salud', total: 3_469_134 }],
  porHijo: [
    { hijoId: 'h1', total: 1_734_567 },
    { hijoId: null, total: 1_734_567 },
  ],
  porPersona: [{ usuarioId: 'ana', pagado: 3_469_134, parte: 1_734_567 }],
};
const seen: string[] = [];

beforeEach(() => {
  seen.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    seen.push(`${url.pathname}?${url.searchParams.toString()}`);
    return jsonResponse(200, { success: true, data: report });
  });
});
afterEach(() => vi.restoreAllMocks());

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/gu, ' ');

describe('the reports', () => {
  it('follow each chart with a captioned table of its figures', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReportsSection familiaId="f1" people={[{ usuarioId: 'ana', name: 'Ana García', short: 'Ana', yo: true }]} kids={[{ id: 'h1', name: 'Lola' }]} currencies={['ARS']} />
      </QueryClientProvider>,
    );
    const byMonth = await screen.findByRole('table', { name: 'Gastos por mes' });
    expect(screen.getByRole('img', { name: 'Gráfico: Gastos por mes. Los datos están en la tabla de abajo.' })).toBeInTheDocument();
    expect(within(byMonth).getAllByRole('row').map((r) => plain(r.textContent))).toEqual(['MesTotal', 'oct 2026$ 10.000,00', 'nov 2026$ 24.691,34']);
    const byChild = screen.getByRole('table', { name: 'Gastos por hijo' });
    expect(within(byChild).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Lola', 'Sin hijo asignado']);
    const byPerson = screen.getByRole('table', { name: 'Pagado y parte de cada uno' });
    expect(plain(within(byPerson).getAllByRole('row')[1]!.textContent)).toBe('Ana García$ 34.691,34$ 17.345,67');
    expect(screen.getByRole('table', { name: 'Gastos por categoría' })).toHaveTextContent('Salud');
    const year = new Date().getFullYear();
    expect(seen).toEqual([`/api/familias/f1/informes/gastos?desde=${year}-01-01&hasta=${year}-12-31&moneda=ARS`]);
  });
});
