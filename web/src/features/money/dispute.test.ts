import { describe, expect, it } from 'vitest';
import { canLateDispute, checkOffer, disputeOf, hasOffer } from './dispute';
import type { Expense } from './types';

const expense = (change: Partial<Expense> = {}): Expense => ({
  id: 'g1',
  familiaId: 'f1',
  descripcion: 'Dentista',
  monto: 1_000_001,
  moneda: 'ARS',
  fecha: '2026-11-20',
  categoria: 'salud',
  pagadoPor: 'ana',
  creadoPor: 'ana',
  reparto: { modo: 'igual', participantes: ['ana', 'beto'] },
  partes: { ana: 500_000, beto: 500_001 },
  hijos: [],
  notas: null,
  estado: 'pendiente',
  respuestas: [],
  faltan: ['beto'],
  recibo: null,
  recurrenteId: null,
  creadoEn: '2026-11-20T10:00:00Z',
  actualizadoEn: '2026-11-20T10:00:00Z',
  ...change,
});

describe('a dispute', () => {
  it('is the creator’s to answer after a dispute, and the disputer’s after a reply', () => {
    const disputed = expense({ estado: 'disputado', respuestas: [{ usuarioId: 'beto', decision: 'disputado', comentario: 'No', montoPropuesto: 600_000, en: '2026-11-21T10:00:00Z' }] });
    expect(disputeOf(disputed)).toMatchObject({ disputer: 'beto', turn: 'creator' });
    expect(hasOffer(disputeOf(disputed).latest)).toBe(true);
    const replied = expense({
      estado: 'disputado',
      respuestas: [...disputed.respuestas, { usuarioId: 'ana', decision: 'contestado', comentario: 'Tengo la factura', en: '2026-11-22T10:00:00Z' }],
    });
    expect(disputeOf(replied)).toMatchObject({ disputer: 'beto', turn: 'disputer' });
    expect(hasOffer(disputeOf(replied).latest)).toBe(false);
    expect(disputeOf(expense({ estado: 'aprobado', respuestas: replied.respuestas })).turn).toBeNull();
  });

  it('may still come for an expense that approved itself, from whom it charges, in time', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const auto = expense({ estado: 'aprobado', faltan: [], disputableHasta: '2026-12-20T10:00:00Z' });
    expect(canLateDispute(auto, 'beto', now)).toBe(true);
    expect(canLateDispute(auto, 'ana', now)).toBe(false);
    expect(canLateDispute(auto, 'cami', now)).toBe(false);
    expect(canLateDispute(auto, 'beto', new Date('2026-12-21T00:00:00Z'))).toBe(false);
    expect(canLateDispute(expense({ estado: 'aprobado', faltan: [] }), 'beto', now)).toBe(false);
  });
});

describe('a proposal', () => {
  it('sends another total in minor units, keeping the split', () => {
    const checked = checkOffer({ monto: '6.000,50', otroReparto: false, pesos: {} }, expense(), 'es');
    expect(checked.errors).toEqual([]);
    expect(checked.body).toEqual({ montoPropuesto: 600_050 });
    expect(checked.preview).toBeNull();
  });

  it('sends a split in percentages and previews its shares with the server’s rule', () => {
    const checked = checkOffer({ monto: '', otroReparto: true, pesos: { ana: '60', beto: '40' } }, expense(), 'es');
    expect(checked.body).toEqual({ repartoPropuesto: { modo: 'porcentajes', participantes: ['ana', 'beto'], pesos: { ana: 60, beto: 40 } } });
    expect(checked.preview).toEqual([
      { usuarioId: 'ana', monto: 600_001n },
      { usuarioId: 'beto', monto: 400_000n },
    ]);
  });

  it('names what it cannot read', () => {
    const checked = checkOffer({ monto: '12,345', otroReparto: true, pesos: { ana: 'sesenta', beto: '30' } }, expense(), 'es');
    expect(checked.errors).toEqual([
      { field: 'monto', code: 'decimals' },
      { field: 'pesos', code: 'percent', usuarioId: 'ana' },
    ]);
    expect(checkOffer({ monto: '', otroReparto: true, pesos: { ana: '60', beto: '30' } }, expense(), 'es').errors).toEqual([{ field: 'pesos', code: 'percentTotal' }]);
  });
});
