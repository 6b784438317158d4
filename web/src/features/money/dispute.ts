import { parseAmount, parsePercent, type ParseError } from './amounts';
import { split, type Weighted } from './split';
import type { Answer, Expense } from './types';

/** How long an expense that approved itself may still be disputed (the server's `DISPUTE_DAYS`). */
export const DISPUTE_DAYS = 30;

export interface DisputeState {
  /** Who disputed it last. */
  disputer: string | null;
  /** Whose move it is: the creator's after a dispute, the disputer's after the creator's reply. */
  turn: 'creator' | 'disputer' | null;
  /** The dispute or reply that set the turn, with its proposal. */
  latest: Answer | null;
}

/** Whether an answer proposes an amount or a split that can be taken as it is. */
export function hasOffer(answer: Answer | null | undefined): boolean {
  return answer != null && (answer.montoPropuesto != null || answer.repartoPropuesto != null);
}

/** Where a disputed expense's exchange stands (the server's `views::latest_turn`). */
export function disputeOf(expense: Expense): DisputeState {
  if (expense.estado !== 'disputado') return { disputer: null, turn: null, latest: null };
  const steps = expense.respuestas.filter((r) => r.decision === 'disputado' || r.decision === 'contestado');
  const latest = steps.at(-1) ?? null;
  const disputer = [...expense.respuestas].reverse().find((r) => r.decision === 'disputado')?.usuarioId ?? null;
  return { disputer, turn: latest?.decision === 'contestado' ? 'disputer' : latest ? 'creator' : null, latest };
}

/** Whether `me` may still dispute an expense that approved itself: charged by it, never answered it, within the days allowed. */
export function canLateDispute(expense: Expense, me: string, now: Date): boolean {
  if (expense.estado !== 'aprobado' || !expense.disputableHasta || expense.creadoPor === me) return false;
  if ((expense.partes[me] ?? 0) <= 0) return false;
  if (expense.respuestas.some((r) => r.usuarioId === me && r.decision === 'aprobado')) return false;
  return new Date(expense.disputableHasta).getTime() > now.getTime();
}

/** A proposal as typed: another total, and/or each participant's percentage. */
export interface OfferDraft {
  monto: string;
  /** Whether another split is proposed; then `pesos` holds a percentage per participant. */
  otroReparto: boolean;
  pesos: Record<string, string>;
}

export type OfferError = { field: 'monto'; code: ParseError } | { field: 'pesos'; code: 'percent' | 'percentTotal'; usuarioId?: string };

export interface OfferBody {
  montoPropuesto?: number;
  repartoPropuesto?: { modo: 'porcentajes'; participantes: string[]; pesos: Record<string, number> };
}

/**
 * Checks a proposal against the expense as the server will and works out the shares it would give
 * (`preview`), with the server's split: an empty amount keeps the expense's, an unchecked split
 * keeps its split (then the shares are those of the new total, which the server computes from the
 * kept weights and the dialog leaves to it).
 */
export function checkOffer(draft: OfferDraft, expense: Expense, language: string): { errors: OfferError[]; body: OfferBody; preview: { usuarioId: string; monto: bigint }[] | null } {
  const errors: OfferError[] = [];
  const body: OfferBody = {};
  let total = BigInt(expense.monto);
  if (draft.monto.trim() !== '') {
    const parsed = parseAmount(draft.monto, expense.moneda, language);
    if (parsed.ok) {
      total = parsed.minor;
      body.montoPropuesto = Number(parsed.minor);
    } else errors.push({ field: 'monto', code: parsed.error });
  }
  let preview: { usuarioId: string; monto: bigint }[] | null = null;
  if (draft.otroReparto) {
    const participantes = expense.reparto.participantes;
    const weights: Weighted[] = [];
    const pesos: Record<string, number> = {};
    for (const usuarioId of participantes) {
      const percent = parsePercent(draft.pesos[usuarioId] ?? '');
      if (percent === null) {
        errors.push({ field: 'pesos', code: 'percent', usuarioId });
        continue;
      }
      weights.push({ usuarioId, weight: percent });
      pesos[usuarioId] = Number(percent) / 100;
    }
    if (weights.length === participantes.length && weights.reduce((sum, w) => sum + w.weight, 0n) !== 10_000n) {
      errors.push({ field: 'pesos', code: 'percentTotal' });
    }
    if (!errors.some((e) => e.field === 'pesos')) {
      body.repartoPropuesto = { modo: 'porcentajes', participantes: [...participantes], pesos };
      const shares = split(total, weights, expense.pagadoPor);
      if (shares.ok && !errors.some((e) => e.field === 'monto')) preview = weights.map((w, i) => ({ usuarioId: w.usuarioId, monto: shares.shares[i]! }));
    }
  }
  return { errors, body, preview };
}
