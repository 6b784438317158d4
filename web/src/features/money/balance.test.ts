import { describe, expect, it } from 'vitest';
import { balanceView } from './balance';
import type { Support } from './types';

describe('balanceView', () => {
  it('says who owes the viewer, whom they owe and what others settle, currencies apart', () => {
    const view = balanceView(
      {
        monedas: {
          USD: { saldos: { ana: 0, beto: 0 }, liquidacion: [] },
          ARS: {
            saldos: { ana: 1500, beto: -1000, carla: -500 },
            liquidacion: [
              { de: 'carla', para: 'ana', monto: 500 },
              { de: 'beto', para: 'ana', monto: 1000 },
            ],
          },
          EUR: { saldos: { ana: -300, beto: 300 }, liquidacion: [{ de: 'ana', para: 'beto', monto: 300 }] },
        },
      },
      'beto',
    );
    expect(view.map((c) => [c.moneda, c.mine])).toEqual([
      ['ARS', -1000],
      ['EUR', 300],
      ['USD', 0],
    ]);
    expect(view[0]!.lines.map((l) => l.kind)).toEqual(['youOwe', 'between']);
    expect(view[1]!.lines).toEqual([{ de: 'ana', para: 'beto', monto: 300, kind: 'owesYou' }]);
    expect(view[2]!.lines).toEqual([]);
  });

  it('counts overdue child support with the expenses: settled only when both are', () => {
    const support = (id: string, moneda: string, deuda: number) =>
      ({ id, moneda, deuda, pagador: 'beto', beneficiario: 'ana' }) as unknown as Support;
    const even = { monedas: { ARS: { saldos: { ana: 0, beto: 0 }, liquidacion: [] } } };
    expect(balanceView(even, 'ana')[0]!.lines).toEqual([]);
    const view = balanceView(even, 'ana', [support('c1', 'ARS', 70_000_000), support('c2', 'ARS', 0), support('c3', 'UYU', 500)]);
    expect(view.map((c) => c.moneda)).toEqual(['ARS', 'UYU']);
    expect(view[0]!.lines).toEqual([]);
    expect(view[0]!.support).toEqual([{ cuotaId: 'c1', de: 'beto', para: 'ana', monto: 70_000_000, kind: 'owesYou' }]);
    expect(view[1]!.support[0]!.kind).toBe('owesYou');
    expect(balanceView(undefined, 'beto', [support('c1', 'ARS', 1)])[0]!.support[0]!.kind).toBe('youOwe');
  });

  it('is empty before anything was spent', () => {
    expect(balanceView(undefined, 'ana')).toEqual([]);
    expect(balanceView({ monedas: {} }, 'ana')).toEqual([]);
  });
});
