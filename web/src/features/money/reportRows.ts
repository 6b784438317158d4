import { toDecimal } from './amounts';
import type { Report } from './types';

export interface ChartRow {
  label: string;
  /** One value per series, in minor units. */
  values: number[];
}

export interface ChartTable {
  key: 'month' | 'category' | 'child' | 'person';
  series: string[];
  rows: ChartRow[];
}

interface Names {
  month: (mes: string) => string;
  category: (categoria: string) => string;
  child: (hijoId: string | null) => string;
  person: (usuarioId: string) => string;
  total: string;
  paid: string;
  share: string;
}

/** A report's four breakdowns as rows for a chart and the table that reads it out. */
export function reportTables(report: Report, names: Names): ChartTable[] {
  return [
    { key: 'month', series: [names.total], rows: report.porMes.map((m) => ({ label: names.month(m.mes), values: [m.total] })) },
    { key: 'category', series: [names.total], rows: report.porCategoria.map((c) => ({ label: names.category(c.categoria), values: [c.total] })) },
    { key: 'child', series: [names.total], rows: report.porHijo.map((h) => ({ label: names.child(h.hijoId ?? null), values: [h.total] })) },
    { key: 'person', series: [names.paid, names.share], rows: report.porPersona.map((p) => ({ label: names.person(p.usuarioId), values: [p.pagado, p.parte] })) },
  ];
}

/** An amount in major units for a chart's scale (drawing needs a number; the tables show exact text). */
export const toMajor = (minor: number, currency: string) => Number(toDecimal(minor, currency));
