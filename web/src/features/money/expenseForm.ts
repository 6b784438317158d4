import { parseAmount, parsePercent, type ParseError } from './amounts';
import { amountText } from './currencies';
import { split, type Weighted } from './split';
import type { Category, Expense, ExpenseInput, SplitMode } from './types';

/** What the add-expense dialog holds while it is being filled in: typed text, as typed. */
export interface ExpenseDraft {
  descripcion: string;
  monto: string;
  moneda: string;
  fecha: string;
  categoria: Category;
  pagadoPor: string;
  modo: SplitMode;
  /** Who shares it, in any order: the preview and the body put them in joining order. */
  participantes: string[];
  /** Per participant: a percentage ("62,5") for `porcentajes`, a monthly income ("1.500.000") for `ingresos`. */
  pesos: Record<string, string>;
  hijos: string[];
  notas: string;
  /** Made again each month (school fees), until `hasta` when it is not empty. */
  mensual: boolean;
  hasta: string;
  /** The insurer that will give part of it back; empty when none. */
  entidad: string;
}

export type DraftError =
  | { field: 'descripcion'; code: 'required' }
  | { field: 'monto'; code: ParseError }
  | { field: 'fecha'; code: 'required' }
  | { field: 'hasta'; code: 'beforeDate' }
  | { field: 'pagadoPor'; code: 'required' }
  | { field: 'participantes'; code: 'none' | 'unico' }
  | { field: 'pesos'; code: 'percent' | 'percentTotal' | 'income' | 'noWeight'; usuarioId?: string };

export interface Checked {
  errors: DraftError[];
  /** Each participant's share in minor units, in joining order, when the amount and weights allow one. */
  preview: { usuarioId: string; monto: bigint }[] | null;
  body: ExpenseInput | null;
}

/**
 * Checks a draft as the server will, and works out each person's share with the server's own rule,
 * so the preview the dialog shows is to the cent what saving stores.
 */
export function checkDraft(draft: ExpenseDraft, familiaId: string, joiningOrder: readonly string[], language: string): Checked {
  const errors: DraftError[] = [];
  if (draft.descripcion.trim() === '') errors.push({ field: 'descripcion', code: 'required' });
  const amount = parseAmount(draft.monto, draft.moneda, language);
  if (!amount.ok) errors.push({ field: 'monto', code: amount.error });
  if (draft.fecha === '') errors.push({ field: 'fecha', code: 'required' });
  if (draft.mensual && draft.hasta !== '' && draft.fecha !== '' && draft.hasta < draft.fecha) errors.push({ field: 'hasta', code: 'beforeDate' });
  if (draft.pagadoPor === '') errors.push({ field: 'pagadoPor', code: 'required' });

  const participantes = joiningOrder.filter((id) => draft.participantes.includes(id));
  if (participantes.length === 0) errors.push({ field: 'participantes', code: 'none' });
  else if (draft.modo === 'unico' && participantes.length !== 1) errors.push({ field: 'participantes', code: 'unico' });

  const weights: Weighted[] = [];
  const pesos: Record<string, number> = {};
  for (const usuarioId of participantes) {
    let weight = 1n;
    if (draft.modo === 'porcentajes') {
      const percent = parsePercent(draft.pesos[usuarioId] ?? '');
      if (percent === null) {
        errors.push({ field: 'pesos', code: 'percent', usuarioId });
        continue;
      }
      weight = percent;
      pesos[usuarioId] = Number(percent) / 100;
    } else if (draft.modo === 'ingresos') {
      const income = parseAmount(draft.pesos[usuarioId] ?? '', draft.moneda, language);
      if (!income.ok && income.error !== 'zero') {
        errors.push({ field: 'pesos', code: 'income', usuarioId });
        continue;
      }
      weight = income.ok ? income.minor : 0n;
      pesos[usuarioId] = Number(weight);
    }
    weights.push({ usuarioId, weight });
  }
  const weighed = weights.length === participantes.length && participantes.length > 0;
  if (weighed && draft.modo === 'porcentajes' && weights.reduce((sum, w) => sum + w.weight, 0n) !== 10_000n) {
    errors.push({ field: 'pesos', code: 'percentTotal' });
  }
  if (weighed && draft.modo === 'ingresos' && weights.every((w) => w.weight === 0n)) errors.push({ field: 'pesos', code: 'noWeight' });

  let preview: Checked['preview'] = null;
  if (amount.ok && weighed && !errors.some((e) => e.field === 'pesos' || e.field === 'participantes')) {
    const shares = split(amount.minor, weights, draft.pagadoPor);
    if (shares.ok) preview = weights.map((w, i) => ({ usuarioId: w.usuarioId, monto: shares.shares[i]! }));
  }

  const body: ExpenseInput | null =
    errors.length === 0 && amount.ok
      ? {
          familiaId,
          descripcion: draft.descripcion.trim(),
          monto: Number(amount.minor),
          moneda: draft.moneda,
          fecha: draft.fecha,
          categoria: draft.categoria,
          pagadoPor: draft.pagadoPor,
          reparto: { modo: draft.modo, participantes, ...(draft.modo === 'porcentajes' || draft.modo === 'ingresos' ? { pesos } : {}) },
          hijos: draft.hijos,
          notas: draft.notas.trim() === '' ? null : draft.notas.trim(),
          ...(draft.mensual ? { recurrencia: draft.hasta ? { hasta: draft.hasta } : {} } : {}),
          ...(draft.entidad.trim() ? { reintegro: { entidad: draft.entidad.trim() } } : {}),
        }
      : null;
  return { errors, preview, body };
}

/**
 * The draft of an expense being changed, as its creator would have typed it. Monthly repeats and
 * insurers are set when adding only (the server ignores them on a change), so they stay off.
 */
export function draftFromExpense(expense: Expense, language: string): ExpenseDraft {
  const modo = expense.reparto.modo;
  const pesos: Record<string, string> = {};
  for (const [usuarioId, weight] of Object.entries(expense.reparto.pesos ?? {})) {
    if (modo === 'porcentajes') pesos[usuarioId] = language === 'en' ? String(weight) : String(weight).replace('.', ',');
    else if (modo === 'ingresos') pesos[usuarioId] = weight ? amountText(weight, expense.moneda, language) : '';
  }
  return {
    descripcion: expense.descripcion,
    monto: amountText(expense.monto, expense.moneda, language),
    moneda: expense.moneda,
    fecha: expense.fecha,
    categoria: expense.categoria,
    pagadoPor: expense.pagadoPor,
    modo,
    participantes: [...expense.reparto.participantes],
    pesos,
    hijos: [...expense.hijos],
    notas: expense.notas ?? '',
    mensual: false,
    hasta: '',
    entidad: '',
  };
}

/** Its creator may change an expense while nobody has answered it and no refund was recorded. */
export function canEdit(expense: Expense, me: string): boolean {
  return expense.creadoPor === me && (expense.estado === 'pendiente' || expense.estado === 'aprobado') && expense.respuestas.length === 0 && expense.reintegro?.monto == null;
}
