import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import type { Family } from '../../api/families';
import { MoneyView, type ListState, type MoneyViewProps } from './MoneyView';
import type { Person } from './people';
import type { Expense, Payment } from './types';

const people: Person[] = [
  { usuarioId: 'ana', name: 'Ana García', short: 'Ana', yo: true },
  { usuarioId: 'diego', name: 'Diego Pérez', short: 'Diego', yo: false },
];

const family = (id: string, nombre: string): Family => ({
  _id: id,
  nombre,
  hijos: 1,
  miPermiso: 'coparent',
  miembros: [],
  soyAdmin: true,
  zonaHoraria: 'America/Argentina/Buenos_Aires',
});

const expense: Expense = {
  id: 'g1',
  familiaId: 'f1',
  descripcion: 'Zapatillas',
  monto: 2_469_134,
  moneda: 'ARS',
  fecha: '2026-11-20',
  categoria: 'ropa-calzado',
  pagadoPor: 'diego',
  creadoPor: 'diego',
  reparto: { modo: 'igual', participantes: ['ana', 'diego'] },
  partes: { ana: 1_234_567, diego: 1_234_567 },
  hijos: [],
  notas: null,
  estado: 'pendiente',
  respuestas: [],
  faltan: ['ana'],
  recibo: null,
  recurrenteId: null,
  creadoEn: '2026-11-20T10:00:00Z',
  actualizadoEn: '2026-11-20T10:00:00Z',
};

const list = <T,>(items: T[]): ListState<T> => ({ items, pending: false, error: null, hasMore: false, loadingMore: false, onMore: vi.fn() });

function props(change: Partial<MoneyViewProps> = {}): MoneyViewProps {
  const casa = family('f1', 'Casa de Ana');
  return {
    families: [casa, family('f2', 'Familia de Diego')],
    family: casa,
    onFamily: vi.fn(),
    me: 'ana',
    people,
    kids: [{ id: 'h1', name: 'Lucía García' }],
    isCoparent: true,
    balance: { monedas: { ARS: { saldos: { ana: 1_234_567, diego: -1_234_567 }, liquidacion: [{ de: 'diego', para: 'ana', monto: 1_234_567 }] } } },
    balanceError: null,
    supports: [],
    settingsReady: true,
    proposalBy: 'Diego',
    notice: null,
    onDismissNotice: vi.fn(),
    waitingForMe: 1,
    tab: 'expenses',
    onTab: vi.fn(),
    filters: {},
    onFilters: vi.fn(),
    expenses: list([expense]),
    payments: list<Payment>([]),
    childName: () => 'Lucía',
    onSettle: vi.fn(),
    onAdd: vi.fn(),
    onPay: vi.fn(),
    onConfigure: vi.fn(),
    onAnswer: vi.fn(),
    onEdit: vi.fn(),
    support: <p>support tab</p>,
    reports: <p>reports tab</p>,
    dialogs: null,
    ...change,
  };
}

// The items' own buttons hold mutations: a client without network is enough to draw them.
const draw = (view: MoneyViewProps) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MoneyView {...view} />
    </QueryClientProvider>,
  );

afterEach(async () => {
  await i18n.changeLanguage('es');
});

describe('MoneyView', () => {
  it.each([
    ['es', 'Diego propone cambiar los ajustes de finanzas.', 'Tienes 1 gasto o pago esperando tu respuesta.', 'Gastos', 'Agregar gasto', 'Familia'],
    ['en', 'Diego proposes changing the finance settings.', '1 expense or payment is waiting for your answer.', 'Expenses', 'Add expense', 'Family'],
  ] as const)('draws the balance, what waits for the reader and the expenses from plain data (%s)', async (language, banner, waiting, tab, add, familyLabel) => {
    await i18n.changeLanguage(language);
    const view = props();
    draw(view);
    expect(screen.getByText(banner)).toBeInTheDocument();
    expect(screen.getByText(waiting)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('list', { name: tab })).getByText('Zapatillas')).toBeInTheDocument();
    expect(screen.getByTestId('balance-ARS')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: familyLabel })).toHaveValue('f1');
    await userEvent.click(screen.getByRole('button', { name: add }));
    expect(view.onAdd).toHaveBeenCalled();
  });

  it('shows the tab it is given and tells a viewer that money is not theirs', async () => {
    const { unmount } = draw(props({ tab: 'support', proposalBy: null, waitingForMe: 0 }));
    expect(screen.getByText('support tab')).toBeInTheDocument();
    expect(screen.queryByText('Zapatillas')).not.toBeInTheDocument();
    unmount();
    draw(props({ isCoparent: false }));
    expect(screen.getByText(/Las finanzas son solo para los co-padres/)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});
