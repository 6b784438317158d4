import { describe, expect, it } from 'vitest';
import { balanceView } from './balance';

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

  it('is empty before anything was spent', () => {
    expect(balanceView(undefined, 'ana')).toEqual([]);
    expect(balanceView({ monedas: {} }, 'ana')).toEqual([]);
  });
});
