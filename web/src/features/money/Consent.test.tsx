import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import { AnswerDialog } from './AnswerDialog';
import { BalanceCard } from './BalanceCard';
import { ExpenseItem } from './ExpenseItem';
import type { Person } from './people';
import { ReceiptViewer } from './ReceiptViewer';
import { SettingsForm } from './SettingsDialog';
import { SupportSection } from './SupportSection';
import type { Expense, FinanceSettings, Support } from './types';

const people: Person[] = [
  { usuarioId: 'ana', name: 'Ana García', short: 'Ana', yo: true },
  { usuarioId: 'diego', name: 'Diego Pérez', short: 'Diego', yo: false },
];
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/gu, ' ');

const requests: { method: string; path: string; body: unknown }[] = [];
let answer: (path: string) => Response;

beforeEach(() => {
  requests.length = 0;
  answer = () => jsonResponse(200, { success: true, data: {} });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
    const text = await request.text();
    const path = new URL(request.url).pathname;
    requests.push({ method: request.method, path, body: text ? JSON.parse(text) : null });
    return answer(path);
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

const proposal = (change: Partial<FinanceSettings['propuestas'][number]> = {}): FinanceSettings['propuestas'][number] => ({
  id: 'p1',
  propuestaPor: 'diego',
  cambios: { aprobacionAutomatica: { ARS: 100_000_000_000_000 }, ingresos: { ana: 1 } },
  anteriores: { aprobacionAutomatica: { ARS: 500_000 }, ingresos: { ana: 150_000_000 } },
  aceptaron: [],
  faltan: ['ana'],
  estado: 'pendiente',
  creadaEn: '2026-11-21T10:00:00Z',
  ...change,
});

const settings = (propuestas: FinanceSettings['propuestas'] = []): FinanceSettings => ({ moneda: 'ARS', aprobacionAutomatica: { ARS: 500_000 }, ingresos: { ana: 150_000_000 }, propuestas });

describe('a proposed change of the settings', () => {
  it('shows what it would change from what, and lets the other co-parent accept it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    withQueries(<SettingsForm onClose={onClose} familiaId="f1" me="ana" people={people} settings={settings([proposal()])} usedCurrencies={[]} />);
    const box = screen.getByRole('region', { name: 'Cambio propuesto' });
    expect(plain(box.textContent)).toContain('Diego Pérez propone:');
    expect(plain(box.textContent)).toContain('aprobación automática en ARS: $ 1.000.000.000.000,00 (ahora $ 5.000,00)');
    expect(plain(box.textContent)).toContain('ingreso de Ana García: $ 0,01 (ahora $ 1.500.000,00)');
    expect(plain(box.textContent)).toContain('Falta la respuesta de Ana García.');
    await user.click(within(box).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', path: '/api/familias/f1/finanzas/propuestas/p1/respuesta', body: { decision: 'aceptar' } }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('lets its proposer withdraw it, in English too', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    withQueries(<SettingsForm onClose={vi.fn()} familiaId="f1" me="diego" people={people} settings={settings([proposal({ faltan: ['ana'] })])} usedCurrencies={[]} />);
    const box = screen.getByRole('region', { name: 'Proposed change' });
    expect(within(box).queryByRole('button', { name: 'Accept' })).toBeNull();
    await user.click(within(box).getByRole('button', { name: 'Withdraw the proposal' }));
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', path: '/api/familias/f1/finanzas/propuestas/p1/respuesta', body: { decision: 'retirar' } }));
  });

  it('says what was proposed instead of applied, and stays open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    answer = () => jsonResponse(202, { success: true, data: settings([proposal({ propuestaPor: 'ana', faltan: ['diego'] })]), propuesta: proposal({ propuestaPor: 'ana' }) });
    withQueries(<SettingsForm onClose={onClose} familiaId="f1" me="ana" people={people} settings={settings()} usedCurrencies={[]} />);
    await user.clear(screen.getByLabelText('Monto en ARS'));
    await user.type(screen.getByLabelText('Monto en ARS'), '900.000');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText('Lo que necesita el acuerdo de los demás se les propuso: se aplica cuando todos lo acepten.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

const expense = (change: Partial<Expense> = {}): Expense => ({
  id: 'g1',
  familiaId: 'f1',
  descripcion: 'Dentista',
  monto: 1_000_000,
  moneda: 'ARS',
  fecha: '2026-11-20',
  categoria: 'salud',
  pagadoPor: 'ana',
  creadoPor: 'ana',
  reparto: { modo: 'igual', participantes: ['ana', 'diego'] },
  partes: { ana: 500_000, diego: 500_000 },
  hijos: [],
  notas: null,
  estado: 'disputado',
  respuestas: [
    { usuarioId: 'diego', decision: 'disputado', comentario: 'Fue menos', montoPropuesto: 600_000, partesPropuestas: { ana: 300_000, diego: 300_000 }, en: '2026-11-21T10:00:00Z' },
  ],
  faltan: ['diego'],
  recibo: { tipo: 'image/jpeg', tamano: 1000 },
  recurrenteId: null,
  creadoEn: '2026-11-20T10:00:00Z',
  actualizadoEn: '2026-11-20T10:00:00Z',
  ...change,
});

describe('a disputed expense', () => {
  it('is its creator’s to answer, with the proposal in figures', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    withQueries(<ExpenseItem expense={expense()} me="ana" people={people} childName={() => ''} onAnswer={onAnswer} />);
    const item = screen.getByRole('listitem', { name: 'Dentista' });
    expect(plain(item.textContent)).toContain('Propone un total de $ 6.000,00.');
    expect(plain(item.textContent)).toContain('Así: Tu parte $ 3.000,00 · Diego $ 3.000,00.');
    expect(plain(item.textContent)).toContain('Te toca responder la disputa.');
    expect(within(item).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Responder' }));
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ id: 'g1' }), 'responder');
  });

  it('offers the disputer the creator’s counter-proposal after a reply', () => {
    const replied = expense({
      respuestas: [...expense().respuestas, { usuarioId: 'ana', decision: 'contestado', comentario: 'Tengo la factura', montoPropuesto: 800_000, en: '2026-11-22T10:00:00Z' }],
    });
    withQueries(<ExpenseItem expense={replied} me="diego" people={people} childName={() => ''} onAnswer={vi.fn()} />);
    const item = screen.getByRole('listitem', { name: 'Dentista' });
    expect(plain(item.textContent)).toContain('Ana contestó');
    expect(within(item).getByRole('button', { name: 'Aprobar la contrapropuesta' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Disputar de nuevo' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Responder' })).toBeNull();
  });

  it('lets its creator take the proposal, or reply with another total', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    withQueries(<AnswerDialog expense={expense()} kind="responder" people={people} me="ana" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Responder la disputa' });
    await user.type(within(dialog).getByLabelText('Comentario'), 'Fueron 8.000');
    await user.type(within(dialog).getByLabelText('Otro monto total (opcional)'), '8.000');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', path: '/api/gastos/g1/contestar', body: { comentario: 'Fueron 8.000', montoPropuesto: 800_000 } }));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar la propuesta' }));
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', path: '/api/gastos/g1/aceptar-propuesta', body: null }));
  });

  it('can be disputed with a split in percentages and no words for it', async () => {
    const user = userEvent.setup();
    const pending = expense({ estado: 'pendiente', respuestas: [] });
    withQueries(<AnswerDialog expense={pending} kind="disputar" people={people} me="diego" onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Disputar gasto' });
    await user.type(within(dialog).getByLabelText('Comentario'), 'Así es más justo');
    await user.click(within(dialog).getByLabelText('Proponer otro reparto, en porcentajes'));
    await user.type(within(dialog).getByLabelText('% de Ana García'), '70');
    await user.type(within(dialog).getByLabelText('% de Diego Pérez'), '30');
    expect(plain(dialog.textContent)).toContain('Así: Ana $ 7.000,00 · Tu parte $ 3.000,00.');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar disputa' }));
    await waitFor(() =>
      expect(requests).toContainEqual({
        method: 'POST',
        path: '/api/gastos/g1/disputar',
        body: { comentario: 'Así es más justo', propuesta: null, repartoPropuesto: { modo: 'porcentajes', participantes: ['ana', 'diego'], pesos: { ana: 70, diego: 30 } } },
      }),
    );
  });
});

describe('a receipt', () => {
  it('is shown in the page, downloading it being the second choice', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (created.push(b), 'blob:recibo')), revokeObjectURL: vi.fn() }));
    answer = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'Content-Type': 'text/html' } });
    withQueries(<ReceiptViewer file={{ path: '/api/gastos/g1/recibo', tipo: 'image/jpeg', name: 'recibo-2026-11-20.jpg', title: 'Recibo: Dentista' }} onClose={vi.fn()} />);
    const image = await screen.findByRole('img', { name: 'Recibo: Dentista' });
    expect(image).toHaveAttribute('src', 'blob:recibo');
    expect(created[0]?.type).toBe('image/jpeg');
    await user.click(screen.getByRole('button', { name: 'Descargar' }));
    expect(created).toHaveLength(2);
    vi.unstubAllGlobals();
  });
});

describe('the balance', () => {
  it('says who owes child support past due, and settled only when nothing is', () => {
    const even = { monedas: { ARS: { saldos: { ana: 0, diego: 0 }, liquidacion: [] } } };
    const owed = { id: 'c1', moneda: 'ARS', deuda: 70_000_000, pagador: 'diego', beneficiario: 'ana' } as unknown as Support;
    const { unmount } = withQueries(<BalanceCard balance={even} me="ana" people={people} supports={[owed]} onSettle={vi.fn()} onSupport={vi.fn()} />);
    expect(plain(screen.getByTestId('balance-ARS').textContent)).toContain('Diego te debe $ 700.000,00 de cuota alimentaria vencida');
    expect(screen.queryByText('Están al día en ARS.')).toBeNull();
    unmount();
    withQueries(<BalanceCard balance={even} me="ana" people={people} supports={[{ ...owed, deuda: 0 }]} onSettle={vi.fn()} />);
    expect(screen.getByText('Están al día en ARS.')).toBeInTheDocument();
  });
});

describe('child support', () => {
  it('shows a cut the payer proposed, for the payee to accept', async () => {
    const user = userEvent.setup();
    const cuota = {
      id: 'c1',
      familiaId: 'f1',
      pagador: 'diego',
      beneficiario: 'ana',
      moneda: 'ARS',
      modo: 'monto',
      monto: 10_000_000,
      diaVencimiento: 10,
      desde: '2026-01-01',
      activa: true,
      hijos: [],
      deuda: 0,
      credito: 0,
      creadaEn: '2026-01-01T10:00:00Z',
      propuesta: {
        id: 'p9',
        tipo: 'ajuste',
        propuestaPor: 'diego',
        responde: 'ana',
        ajuste: { id: 'p9', desde: '2026-12-01', tipo: 'porcentaje', porcentaje: -99.99, monto: 1_000, montoAnterior: 10_000_000, creadoEn: '2026-11-21T10:00:00Z' },
        estado: 'pendiente',
        creadaEn: '2026-11-21T10:00:00Z',
      },
    };
    answer = (path) => (path.endsWith('/cuotas') ? jsonResponse(200, { success: true, data: { cuotas: [cuota] } }) : jsonResponse(200, { success: true, data: { ...cuota, vencimientos: [], ajustes: [], pagos: [] } }));
    withQueries(<SupportSection familiaId="f1" me="ana" people={people} kids={[]} currency="ARS" today="2026-11-24" />);
    const box = await screen.findByRole('group', { name: /Diego propone/u });
    expect(plain(box.textContent)).toContain('Diego propone cambiar la cuota a $ 10,00 desde el 1 de dic de 2026.');
    await user.click(within(box).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(requests).toContainEqual({ method: 'POST', path: '/api/familias/f1/cuotas/c1/propuestas/p9/respuesta', body: { decision: 'aceptar' } }));
  });
});
