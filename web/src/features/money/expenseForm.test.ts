import { describe, expect, it } from 'vitest';
import { checkDraft, type ExpenseDraft } from './expenseForm';

const draft = (change: Partial<ExpenseDraft> = {}): ExpenseDraft => ({
  descripcion: 'Zapatillas',
  monto: '100,01',
  moneda: 'ARS',
  fecha: '2026-11-20',
  categoria: 'ropa-calzado',
  pagadoPor: 'ana',
  modo: 'igual',
  participantes: ['beto', 'ana'],
  pesos: {},
  hijos: [],
  notas: '',
  mensual: false,
  hasta: '',
  entidad: '',
  ...change,
});
const order = ['ana', 'beto', 'carla'];
const preview = (d: ExpenseDraft, language = 'es') => checkDraft(d, 'fam', order, language).preview?.map((p) => [p.usuarioId, p.monto]);

describe('checkDraft', () => {
  it('previews equal shares in joining order, the odd cent to who did not pay', () => {
    expect(preview(draft())).toEqual([
      ['ana', 5000n],
      ['beto', 5001n],
    ]);
    const checked = checkDraft(draft(), 'fam', order, 'es');
    expect(checked.body).toEqual({
      familiaId: 'fam',
      descripcion: 'Zapatillas',
      monto: 10001,
      moneda: 'ARS',
      fecha: '2026-11-20',
      categoria: 'ropa-calzado',
      pagadoPor: 'ana',
      reparto: { modo: 'igual', participantes: ['ana', 'beto'] },
      hijos: [],
      notas: null,
    });
  });

  it('previews percentages with decimals and sends them as numbers', () => {
    const d = draft({ modo: 'porcentajes', monto: '10,01', pesos: { ana: '62,5', beto: '37.5' } });
    expect(preview(d)).toEqual([
      ['ana', 626n],
      ['beto', 375n],
    ]);
    expect(checkDraft(d, 'fam', order, 'es').body?.reparto.pesos).toEqual({ ana: 62.5, beto: 37.5 });
  });

  it('refuses percentages that do not total 100', () => {
    const checked = checkDraft(draft({ modo: 'porcentajes', pesos: { ana: '60', beto: '30' } }), 'fam', order, 'es');
    expect(checked.errors).toContainEqual({ field: 'pesos', code: 'percentTotal' });
    expect(checked.preview).toBeNull();
    expect(checked.body).toBeNull();
  });

  it('weighs by monthly incomes typed in the language', () => {
    const d = draft({ modo: 'ingresos', monto: '99.99', pesos: { ana: '1,500,000', beto: '500,000' } });
    expect(preview(d, 'en')).toEqual([
      ['ana', 7499n],
      ['beto', 2500n],
    ]);
    expect(checkDraft(d, 'fam', order, 'en').body?.reparto.pesos).toEqual({ ana: 150_000_000, beto: 50_000_000 });
  });

  it('gives the whole amount to the one person of a single-bearer split', () => {
    expect(preview(draft({ modo: 'unico', participantes: ['beto'], monto: '123,45' }))).toEqual([['beto', 12345n]]);
    expect(checkDraft(draft({ modo: 'unico' }), 'fam', order, 'es').errors).toContainEqual({ field: 'participantes', code: 'unico' });
  });

  it('asks for a monthly template and an insurer’s refund when chosen', () => {
    const body = checkDraft(draft({ mensual: true, hasta: '2027-06-30', entidad: ' OSDE ' }), 'fam', order, 'es').body;
    expect(body?.recurrencia).toEqual({ hasta: '2027-06-30' });
    expect(body?.reintegro).toEqual({ entidad: 'OSDE' });
    expect(checkDraft(draft({ mensual: true }), 'fam', order, 'es').body?.recurrencia).toEqual({});
    expect(checkDraft(draft(), 'fam', order, 'es').body).not.toHaveProperty('recurrencia');
    expect(checkDraft(draft({ mensual: true, hasta: '2026-01-01' }), 'fam', order, 'es').errors).toEqual([{ field: 'hasta', code: 'beforeDate' }]);
  });

  it('names each missing or wrong field', () => {
    const checked = checkDraft(draft({ descripcion: ' ', monto: '-3', fecha: '', participantes: [] }), 'fam', order, 'es');
    expect(checked.errors).toEqual([
      { field: 'descripcion', code: 'required' },
      { field: 'monto', code: 'invalid' },
      { field: 'fecha', code: 'required' },
      { field: 'participantes', code: 'none' },
    ]);
    expect(checked.body).toBeNull();
  });
});
