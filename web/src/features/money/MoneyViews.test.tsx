import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import { BalanceCard } from './BalanceCard';
import { ExpenseDialog } from './ExpenseDialog';
import { ExpenseItem } from './ExpenseItem';
import type { Person } from './people';
import type { Expense } from './types';

const people: Person[] = [
  { usuarioId: 'ana', name: 'Ana García', short: 'Ana', yo: true },
  { usuarioId: 'diego', name: 'Diego Pérez', short: 'Diego', yo: false },
];
// Intl writes no-break spaces; the texts compare with plain ones.
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/gu, ' ');

const requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const text = await request.text();
    requests.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    return jsonResponse(200, { success: true, data: { ...expense(), estado: 'aprobado' } });
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('es');
});

function withQueries(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const expense = (change: Partial<Expense> = {}): Expense => ({
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
  recibo: { tipo: 'image/webp', tamano: 1000 },
  recurrenteId: null,
  creadoEn: '2026-11-20T10:00:00Z',
  actualizadoEn: '2026-11-20T10:00:00Z',
  ...change,
});

describe('the balance', () => {
  it('says who owes whom in the reader’s language, with the payment that settles it', async () => {
    const onSettle = vi.fn();
    const balance = { monedas: { ARS: { saldos: { ana: 1_234_567, diego: -1_234_567 }, liquidacion: [{ de: 'diego', para: 'ana', monto: 1_234_567 }] } } };
    const { rerender } = withQueries(<BalanceCard balance={balance} me="ana" people={people} onSettle={onSettle} />);
    expect(plain(screen.getByTestId('balance-ARS').textContent)).toContain('Diego te debe $ 12.345,67');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar pago recibido' }));
    expect(onSettle).toHaveBeenCalledWith({ de: 'diego', para: 'ana', monto: 1_234_567, moneda: 'ARS', kind: 'owesYou' });

    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <BalanceCard balance={balance} me="diego" people={people} onSettle={onSettle} />
      </QueryClientProvider>,
    );
    expect(plain(screen.getByTestId('balance-ARS').textContent)).toContain('Le debes $ 12.345,67 a Ana');
    await i18n.changeLanguage('en');
    await waitFor(() => expect(plain(screen.getByTestId('balance-ARS').textContent)).toContain('You owe Ana ARS 12,345.67'));
  });

  it('says when everyone is settled up', () => {
    withQueries(<BalanceCard balance={{ monedas: { EUR: { saldos: { ana: 0, diego: 0 }, liquidacion: [] } } }} me="ana" people={people} onSettle={vi.fn()} />);
    expect(screen.getByText('Están al día en EUR.')).toBeInTheDocument();
  });
});

describe('an expense', () => {
  it('asks the one who must answer, and approves it', async () => {
    withQueries(<ExpenseItem expense={expense()} me="ana" people={people} childName={() => ''} onAnswer={vi.fn()} />);
    const item = screen.getByRole('listitem', { name: 'Zapatillas' });
    expect(plain(item.textContent)).toContain('Te toca aprobarlo: tu parte es $ 12.345,67.');
    expect(within(item).getByText('Pendiente')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', path: '/api/gastos/g1/aprobar', body: null }));
  });

  it('offers its creator to withdraw it only before anyone answered', () => {
    const { unmount } = withQueries(<ExpenseItem expense={expense()} me="diego" people={people} childName={() => ''} onAnswer={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Retirar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(screen.getByText('Esperando la respuesta de Ana.')).toBeInTheDocument();
    unmount();
    withQueries(
      <ExpenseItem
        expense={expense({ estado: 'rechazado', faltan: [], respuestas: [{ usuarioId: 'ana', decision: 'rechazado', motivo: 'duplicado', en: '2026-11-21T10:00:00Z' }] })}
        me="diego"
        people={people}
        childName={() => ''}
        onAnswer={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Retirar' })).toBeNull();
    expect(screen.getByText('Ana lo rechazó: Está duplicado')).toBeInTheDocument();
  });
});

describe('adding an expense', () => {
  it('previews each share as it is typed and sends exact minor units', async () => {
    const user = userEvent.setup();
    withQueries(
      <ExpenseDialog open onClose={vi.fn()} familiaId="f1" me="ana" people={people} kids={[{ id: 'h1', name: 'Lola' }]} settings={undefined} usedCurrencies={[]} today="2026-11-24" onReceiptFailure={vi.fn()} />,
    );
    await user.type(screen.getByLabelText('Descripción'), 'Dentista');
    await user.type(screen.getByLabelText('Monto'), '100,01');
    const preview = screen.getByRole('region', { name: 'Cuánto le toca a cada uno' });
    expect(plain(preview.textContent)).toContain('Ana García$ 50,00');
    expect(plain(preview.textContent)).toContain('Diego Pérez$ 50,01');

    await user.click(screen.getByRole('radio', { name: 'Porcentajes' }));
    await user.type(screen.getByLabelText('% de Ana'), '62,5');
    await user.type(screen.getByLabelText('% de Diego'), '37,5');
    expect(plain(preview.textContent)).toContain('Ana García$ 62,51');
    expect(plain(preview.textContent)).toContain('Diego Pérez$ 37,50');
    await user.click(screen.getByRole('checkbox', { name: 'Lola' }));
    await user.click(screen.getByRole('button', { name: 'Guardar gasto' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/api/gastos',
      body: {
        familiaId: 'f1',
        descripcion: 'Dentista',
        monto: 10001,
        moneda: 'ARS',
        fecha: '2026-11-24',
        categoria: 'educacion',
        pagadoPor: 'ana',
        reparto: { modo: 'porcentajes', participantes: ['ana', 'diego'], pesos: { ana: 62.5, diego: 37.5 } },
        hijos: ['h1'],
        notas: null,
      },
    });
  });

  it('keeps a saved expense saved when its receipt cannot go up, and says so', async () => {
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      // The API client sends a Request; a file goes up as a path with its own options.
      const path = input instanceof Request ? new URL(input.url).pathname : String(input);
      requests.push({ method: input instanceof Request ? input.method : (init?.method ?? 'GET'), path, body: null });
      return path.endsWith('/recibo') ? jsonResponse(413, { success: false, msg: 'El archivo supera los 10 MB.' }) : jsonResponse(201, { success: true, data: expense() });
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onReceiptFailure = vi.fn();
    withQueries(
      <ExpenseDialog open onClose={onClose} familiaId="f1" me="ana" people={people} kids={[]} settings={undefined} usedCurrencies={[]} today="2026-11-24" onReceiptFailure={onReceiptFailure} />,
    );
    await user.type(screen.getByLabelText('Descripción'), 'Dentista');
    await user.type(screen.getByLabelText('Monto'), '10');
    await user.upload(screen.getByLabelText('Recibo o comprobante (foto o PDF, opcional)'), new File(['x'], 'ticket.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Guardar gasto' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/gastos', 'POST /api/gastos/g1/recibo']);
    expect(onReceiptFailure).toHaveBeenCalledWith('Se guardó, pero no pudimos subir el archivo (El archivo supera los 10 MB.). Puedes agregarlo desde el gasto o el pago.');
  });

  it('names what is wrong instead of sending it', async () => {
    const user = userEvent.setup();
    withQueries(<ExpenseDialog open onClose={vi.fn()} familiaId="f1" me="ana" people={people} kids={[]} settings={undefined} usedCurrencies={[]} today="2026-11-24" onReceiptFailure={vi.fn()} />);
    await user.type(screen.getByLabelText('Monto'), '0');
    await user.click(screen.getByRole('button', { name: 'Guardar gasto' }));
    expect(screen.getByLabelText('Descripción')).toHaveAccessibleDescription('Completa este campo.');
    expect(screen.getByLabelText('Monto')).toHaveAccessibleDescription('El monto tiene que ser mayor que cero.');
    expect(requests).toHaveLength(0);
  });
});
