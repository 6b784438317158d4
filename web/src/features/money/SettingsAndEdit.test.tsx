import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import { ExpenseDialog } from './ExpenseDialog';
import { ExpenseItem } from './ExpenseItem';
import { canEdit, draftFromExpense } from './expenseForm';
import type { Person } from './people';
import { SettingsForm } from './SettingsDialog';
import { checkSettings, draftFromSettings } from './settingsForm';
import type { Expense, FinanceSettings } from './types';

const people: Person[] = [
  { usuarioId: 'ana', name: 'Ana García', short: 'Ana', yo: true },
  { usuarioId: 'diego', name: 'Diego Pérez', short: 'Diego', yo: false },
];

const requests: { method: string; path: string; body: unknown }[] = [];
let answer: () => Response;

beforeEach(() => {
  requests.length = 0;
  answer = () => jsonResponse(200, { success: true, data: settings });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const text = await request.text();
    requests.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    return answer();
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

const settings: FinanceSettings = { moneda: 'ARS', aprobacionAutomatica: { ARS: 500_000 }, ingresos: { ana: 150_000_000 }, propuestas: [] };

const expense = (change: Partial<Expense> = {}): Expense => ({
  id: 'g1',
  familiaId: 'f1',
  descripcion: 'Zapatillas',
  monto: 2_469_134,
  moneda: 'ARS',
  fecha: '2026-11-20',
  categoria: 'ropa-calzado',
  pagadoPor: 'ana',
  creadoPor: 'ana',
  reparto: { modo: 'porcentajes', participantes: ['ana', 'diego'], pesos: { ana: 62.5, diego: 37.5 } },
  partes: { ana: 1_543_209, diego: 925_925 },
  hijos: [],
  notas: 'Talle 34',
  estado: 'pendiente',
  respuestas: [],
  faltan: ['diego'],
  recibo: null,
  recurrenteId: null,
  creadoEn: '2026-11-20T10:00:00Z',
  actualizadoEn: '2026-11-20T10:00:00Z',
  ...change,
});

describe('the settings form’s amounts', () => {
  it('shows saved amounts as typed in each language and reads them back exactly', () => {
    const es = draftFromSettings(settings, people, ['EUR'], 'es');
    expect(es).toEqual({ moneda: 'ARS', aprobacion: { ARS: '5.000,00', EUR: '' }, ingresos: { ana: '1.500.000,00', diego: '' } });
    expect(checkSettings(es, people, 'es').body).toEqual({ moneda: 'ARS', aprobacionAutomatica: { ARS: 500_000, EUR: 0 }, ingresos: { ana: 150_000_000 } });
    const en = draftFromSettings(settings, people, [], 'en');
    expect(en.aprobacion.ARS).toBe('5,000.00');
    expect(checkSettings({ ...en, aprobacion: { ARS: '0.1' } }, people, 'en').body?.aprobacionAutomatica).toEqual({ ARS: 10 });
  });

  it('names each amount it cannot read, by currency and by person', () => {
    const checked = checkSettings({ moneda: 'CLP', aprobacion: { CLP: '10,5', ARS: '1.2.3' }, ingresos: { ana: 'mucho', diego: '0' } }, people, 'es');
    expect(checked.body).toBeNull();
    expect(checked.errors).toEqual([
      { field: 'aprobacion', moneda: 'CLP', code: 'decimals' },
      { field: 'aprobacion', moneda: 'ARS', code: 'invalid' },
      { field: 'ingresos', usuarioId: 'ana', code: 'invalid' },
    ]);
    expect(checkSettings({ moneda: 'ARS', aprobacion: {}, ingresos: { ana: '$', diego: '' } }, people, 'es').errors).toEqual([{ field: 'ingresos', usuarioId: 'ana', code: 'invalid' }]);
  });
});

describe('the settings form', () => {
  it('sends exact minor units and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    withQueries(<SettingsForm onClose={onClose} familiaId="f1" me="ana" people={people} settings={settings} usedCurrencies={['USD']} />);
    expect(screen.getByLabelText('Monto en ARS')).toHaveValue('5.000,00');
    await user.type(screen.getByLabelText('Monto en USD'), '20,50');
    await user.type(screen.getByLabelText('Ingreso de Diego Pérez'), '900.000');
    await user.clear(screen.getByLabelText('Ingreso de Ana García (tú)'));
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toEqual([
      { method: 'PUT', path: '/api/familias/f1/finanzas', body: { moneda: 'ARS', aprobacionAutomatica: { ARS: 500_000, USD: 2050 }, ingresos: { diego: 90_000_000 } } },
    ]);
  });

  it('says what cannot be read before sending, and shows the server’s errors next to their fields', async () => {
    const user = userEvent.setup();
    withQueries(<SettingsForm onClose={vi.fn()} familiaId="f1" me="ana" people={people} settings={settings} usedCurrencies={[]} />);
    await user.type(screen.getByLabelText('Ingreso de Diego Pérez'), '12,345');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(screen.getByLabelText('Ingreso de Diego Pérez')).toHaveAccessibleDescription('Esta moneda no admite tantos decimales.');
    expect(requests).toHaveLength(0);

    answer = () => jsonResponse(422, { success: false, msg: 'Revisa los datos.', errors: { moneda: 'Esa moneda no existe.' } });
    await user.clear(screen.getByLabelText('Ingreso de Diego Pérez'));
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    await waitFor(() => expect(screen.getByLabelText('Moneda de la familia')).toHaveAccessibleDescription('Esa moneda no existe.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa los datos.');
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    withQueries(<SettingsForm onClose={vi.fn()} familiaId="f1" me="ana" people={people} settings={settings} usedCurrencies={[]} />);
    expect(screen.getByLabelText('Amount in ARS')).toHaveValue('5,000.00');
    expect(screen.getByLabelText('Income of Ana García (you)')).toHaveValue('1,500,000.00');
  });
});

describe('editing an expense', () => {
  it('is offered to its creator only while nobody has answered', () => {
    expect(canEdit(expense(), 'ana')).toBe(true);
    expect(canEdit(expense(), 'diego')).toBe(false);
    expect(canEdit(expense({ estado: 'aprobado', faltan: [] }), 'ana')).toBe(true);
    expect(canEdit(expense({ respuestas: [{ usuarioId: 'diego', decision: 'disputado', en: '2026-11-21T10:00:00Z' }], estado: 'disputado' }), 'ana')).toBe(false);
    expect(canEdit(expense({ reintegro: { entidad: 'OSDE', monto: 100, fecha: '2026-11-22' } }), 'ana')).toBe(false);

    const onEdit = vi.fn();
    const { unmount } = withQueries(<ExpenseItem expense={expense()} me="ana" people={people} childName={() => ''} onAnswer={vi.fn()} onEdit={onEdit} />);
    screen.getByRole('button', { name: 'Cambiar' }).click();
    expect(onEdit).toHaveBeenCalledWith(expense());
    unmount();
    withQueries(<ExpenseItem expense={expense()} me="diego" people={people} childName={() => ''} onAnswer={vi.fn()} onEdit={onEdit} />);
    expect(screen.queryByRole('button', { name: 'Cambiar' })).toBeNull();
  });

  it('fills the form as typed, including the split', () => {
    expect(draftFromExpense(expense(), 'es')).toMatchObject({ monto: '24.691,34', pesos: { ana: '62,5', diego: '37,5' }, notas: 'Talle 34', mensual: false, entidad: '' });
    expect(draftFromExpense(expense({ reparto: { modo: 'ingresos', participantes: ['ana', 'diego'], pesos: { ana: 150_000_000, diego: 0 } } }), 'en').pesos).toEqual({ ana: '1,500,000.00', diego: '' });
  });

  it('sends the change with PUT and shows the server’s refusal', async () => {
    answer = () => jsonResponse(409, { success: false, code: 'money_expense_answered', msg: 'Alguien ya respondió este gasto: ya no se puede cambiar.' });
    const user = userEvent.setup();
    const onClose = vi.fn();
    withQueries(
      <ExpenseDialog open editing={expense()} onClose={onClose} familiaId="f1" me="ana" people={people} kids={[]} settings={settings} usedCurrencies={[]} today="2026-11-24" onReceiptFailure={vi.fn()} />,
    );
    expect(screen.getByRole('dialog', { name: 'Cambiar gasto' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Recibo o comprobante (foto o PDF, opcional)')).toBeNull();
    const amount = screen.getByLabelText('Monto');
    expect(amount).toHaveValue('24.691,34');
    await user.clear(amount);
    await user.type(amount, '30.000');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Alguien ya respondió este gasto: ya no se puede cambiar.'));
    expect(onClose).not.toHaveBeenCalled();
    expect(requests).toEqual([
      {
        method: 'PUT',
        path: '/api/gastos/g1',
        body: {
          familiaId: 'f1',
          descripcion: 'Zapatillas',
          monto: 3_000_000,
          moneda: 'ARS',
          fecha: '2026-11-20',
          categoria: 'ropa-calzado',
          pagadoPor: 'ana',
          reparto: { modo: 'porcentajes', participantes: ['ana', 'diego'], pesos: { ana: 62.5, diego: 37.5 } },
          hijos: [],
          notas: 'Talle 34',
        },
      },
    ]);
  });
});
