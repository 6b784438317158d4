import type { Bars } from '../../components/BarChart';
import type { Figure, Statistics } from './statisticsApi';

/** One table of a section, with the chart that draws it where a chart helps. */
export interface StatTable {
  key: string;
  title: string;
  columns: string[];
  rows: { label: string; cells: string[] }[];
  chart?: Bars;
}

export interface Section {
  key: 'time' | 'money' | 'messages';
  title: string;
  tables: StatTable[];
  /** Nothing happened in the period that this section counts. */
  empty: boolean;
}

/** How figures read, in the page's language. */
export interface Words {
  t: (key: string, options?: Record<string, string | number>) => string;
  person: (usuarioId: string) => string;
  month: (mes: string) => string;
  number: (n: number) => string;
  money: (minor: number, currency: string) => string;
  minutes: (n: number | null | undefined) => string;
}

const people = (lists: readonly (readonly { usuarioId: string }[])[]): string[] => {
  const ids: string[] = [];
  for (const list of lists) for (const p of list) if (!ids.includes(p.usuarioId)) ids.push(p.usuarioId);
  return ids;
};

function time(data: NonNullable<Statistics['tiempo']>, w: Words): Section {
  const t = w.t;
  const ids = people([data.planificado, data.real, data.cambios]);
  const of = (list: Figure[], id: string) => list.find((f) => f.usuarioId === id);
  const nights: StatTable = {
    key: 'nights',
    title: t('stats.time.nights'),
    columns: [t('stats.person'), t('stats.time.planned'), t('stats.time.actual'), t('stats.time.percent'), t('stats.time.hours')],
    rows: ids
      .filter((id) => of(data.planificado, id) || of(data.real, id))
      .map((id) => {
        const real = of(data.real, id);
        return {
          label: w.person(id),
          cells: [w.number(of(data.planificado, id)?.noches ?? 0), w.number(real?.noches ?? 0), `${w.number(real?.porcentajeNoches ?? 0)} %`, w.number(real?.horas ?? 0)],
        };
      }),
  };
  const monthly = data.porMes.filter((m) => m.real.length > 0);
  const monthIds = ids.filter((id) => monthly.some((m) => of(m.real, id)));
  const byMonth: StatTable = {
    key: 'nightsByMonth',
    title: t('stats.time.byMonth'),
    columns: [t('stats.month'), ...monthIds.map(w.person)],
    rows: monthly.map((m) => ({ label: w.month(m.mes), cells: monthIds.map((id) => w.number(of(m.real, id)?.noches ?? 0)) })),
    chart: { series: monthIds.map(w.person), rows: monthly.map((m) => ({ label: w.month(m.mes), values: monthIds.map((id) => of(m.real, id)?.noches ?? 0) })) },
  };
  const handovers: StatTable = {
    key: 'handovers',
    title: t('stats.time.handovers'),
    columns: [t('stats.time.handover'), t('stats.count')],
    rows: [
      { label: t('stats.time.onTime'), cells: [w.number(data.entregas.aTiempo)] },
      { label: t('stats.time.late'), cells: [w.number(data.entregas.tarde)] },
    ],
  };
  const swaps: StatTable = {
    key: 'swaps',
    title: t('stats.time.swaps'),
    columns: [t('stats.person'), t('stats.time.asked'), t('stats.time.accepted'), t('stats.time.declined'), t('stats.time.countered'), t('stats.time.expired')],
    rows: data.cambios.map((c) => ({
      label: w.person(c.usuarioId),
      cells: [c.pedidos, c.aceptados, c.rechazados, c.contraofertados, c.vencidos].map(w.number),
    })),
  };
  const empty = data.planificado.length === 0 && data.real.length === 0 && data.entregas.aTiempo + data.entregas.tarde === 0 && data.cambios.every((c) => c.pedidos === 0);
  return { key: 'time', title: t('stats.time.title'), tables: [nights, byMonth, handovers, swaps].filter((x) => x.rows.length > 0), empty };
}

function money(data: NonNullable<Statistics['dinero']>, w: Words): Section {
  const t = w.t;
  const currency = data.gastos.moneda;
  const expenses: StatTable = {
    key: 'expensesByMonth',
    title: t('stats.money.byMonth', { currency }),
    columns: [t('stats.month'), t('stats.money.total')],
    rows: data.gastos.porMes.map((m) => ({ label: w.month(m.mes), cells: [w.money(m.total, currency)] })),
    chart: { series: [t('stats.money.total')], rows: data.gastos.porMes.map((m) => ({ label: w.month(m.mes), values: [m.total] })) },
  };
  const categories: StatTable = {
    key: 'expensesByCategory',
    title: t('stats.money.byCategory'),
    columns: [t('stats.money.category'), t('stats.money.total')],
    rows: data.gastos.porCategoria.map((c) => ({ label: t(`money.categories.${c.categoria}`), cells: [w.money(c.total, currency)] })),
  };
  const paid: StatTable = {
    key: 'expensesByPerson',
    title: t('stats.money.byPerson'),
    columns: [t('stats.person'), t('stats.money.paid'), t('stats.money.share')],
    rows: data.gastos.porPersona.map((p) => ({ label: w.person(p.usuarioId), cells: [w.money(p.pagado, currency), w.money(p.parte, currency)] })),
  };
  const balanceIds = people(data.saldoPorMes.map((m) => m.saldos));
  const balance: StatTable = {
    key: 'balance',
    title: t('stats.money.balance'),
    columns: [t('stats.month'), ...balanceIds.map(w.person)],
    rows: data.saldoPorMes.map((m) => ({
      label: w.month(m.mes),
      cells: balanceIds.map((id) => w.money(m.saldos.find((s) => s.usuarioId === id)?.saldo ?? 0, currency)),
    })),
  };
  const c = data.cuotas;
  const dues: StatTable = {
    key: 'dues',
    title: t('stats.money.dues'),
    columns: [t('stats.money.due'), t('stats.count')],
    rows: [
      { label: t('stats.money.onTime'), cells: [w.number(c.aTiempo)] },
      { label: t('stats.money.late'), cells: [w.number(c.tarde)] },
      { label: t('stats.money.unpaid'), cells: [w.number(c.impagas)] },
      { label: t('stats.money.pending'), cells: [w.number(c.pendientes)] },
    ],
  };
  const hasDues = c.aTiempo + c.tarde + c.impagas + c.pendientes > 0;
  const moved = data.saldoPorMes.some((m) => m.saldos.some((s) => s.saldo !== 0));
  const tables = [expenses, categories, paid].filter((x) => x.rows.length > 0);
  if (moved) tables.push(balance);
  if (hasDues) tables.push(dues);
  return { key: 'money', title: t('stats.money.title'), tables, empty: tables.length === 0 };
}

function messages(data: Statistics['mensajes'], w: Words): Section {
  const t = w.t;
  const ids = people([data.porPersona]);
  const perPerson: StatTable = {
    key: 'messagesByPerson',
    title: t('stats.messages.byPerson'),
    columns: [t('stats.person'), t('stats.messages.sent'), t('stats.messages.urgent'), t('stats.messages.emergency'), t('stats.messages.answer'), t('stats.messages.seen')],
    rows: data.porPersona.map((p) => ({
      label: w.person(p.usuarioId),
      cells: [w.number(p.enviados), w.number(p.urgentes), w.number(p.emergencias), w.minutes(p.respuestaMediana), w.minutes(p.vistoMediana)],
    })),
  };
  const sent = (m: Statistics['mensajes']['porMes'][number], id: string) => m.porPersona.find((p) => p.usuarioId === id)?.enviados ?? 0;
  const byMonth: StatTable = {
    key: 'messagesByMonth',
    title: t('stats.messages.byMonth'),
    columns: [t('stats.month'), ...ids.map(w.person)],
    rows: data.porMes.map((m) => ({ label: w.month(m.mes), cells: ids.map((id) => w.number(sent(m, id))) })),
    chart: { series: ids.map(w.person), rows: data.porMes.map((m) => ({ label: w.month(m.mes), values: ids.map((id) => sent(m, id)) })) },
  };
  const tables = [perPerson, byMonth].filter((x) => x.rows.length > 0);
  return { key: 'messages', title: t('stats.messages.title'), tables, empty: tables.length === 0 };
}

/** The sections the answer holds, in the page's order: time, money (for co-parents), messages. */
export function statisticsSections(data: Statistics, words: Words): Section[] {
  const sections: Section[] = [];
  if (data.tiempo) sections.push(time(data.tiempo, words));
  if (data.dinero) sections.push(money(data.dinero, words));
  sections.push(messages(data.mensajes, words));
  return sections;
}

/** A section as CSV rows: each table's title, its header and its rows, a blank line between tables. */
export function sectionRows(section: Section): string[][] {
  return section.tables.flatMap((table, i) => [...(i > 0 ? [[]] : []), [table.title], table.columns, ...table.rows.map((r) => [r.label, ...r.cells])]);
}
