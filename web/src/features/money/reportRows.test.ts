import { describe, expect, it } from 'vitest';
import { reportTables, toMajor } from './reportRows';

describe('reportTables', () => {
  it('turns each breakdown into labelled rows, children without a name under their own label', () => {
    const tables = reportTables(
      {
        moneda: 'ARS',
        porMes: [
          { mes: '2026-10', total: 1000 },
          { mes: '2026-11', total: 2500 },
        ],
        porCategoria: [{ categoria: 'salud', total: 3500 }],
        porHijo: [
          { hijoId: 'h1', total: 1750 },
          { hijoId: null, total: 1750 },
        ],
        porPersona: [{ usuarioId: 'ana', pagado: 3500, parte: 1750 }],
      },
      {
        month: (m) => `mes ${m}`,
        category: (c) => `cat ${c}`,
        child: (h) => (h ? `hijo ${h}` : 'sin hijo'),
        person: (u) => `persona ${u}`,
        total: 'Total',
        paid: 'Pagó',
        share: 'Le tocó',
      },
    );
    expect(tables.map((t) => t.key)).toEqual(['month', 'category', 'child', 'person']);
    expect(tables[0]!.rows).toEqual([
      { label: 'mes 2026-10', values: [1000] },
      { label: 'mes 2026-11', values: [2500] },
    ]);
    expect(tables[2]!.rows.map((r) => r.label)).toEqual(['hijo h1', 'sin hijo']);
    expect(tables[3]).toEqual({ key: 'person', series: ['Pagó', 'Le tocó'], rows: [{ label: 'persona ana', values: [3500, 1750] }] });
  });

  it('scales by the currency’s exponent', () => {
    expect(toMajor(123_456, 'ARS')).toBe(1234.56);
    expect(toMajor(500, 'JPY')).toBe(500);
  });
});
