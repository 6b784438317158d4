import type { Balance, Settlement } from './types';

export type LineKind = 'owesYou' | 'youOwe' | 'between';

export interface BalanceLine extends Settlement {
  kind: LineKind;
}

export interface CurrencyView {
  moneda: string;
  /** The viewer's own balance: positive when they are owed. */
  mine: number;
  /** The payments that would settle the currency, the viewer's own first. */
  lines: BalanceLine[];
}

/**
 * The balance as sentences for the one reading it: who owes them, whom they owe, and what others
 * owe each other; currencies apart, those with something to settle first, then by code.
 */
export function balanceView(balance: Balance | undefined, me: string): CurrencyView[] {
  if (!balance) return [];
  const rank: Record<LineKind, number> = { owesYou: 0, youOwe: 1, between: 2 };
  return Object.entries(balance.monedas)
    .map(([moneda, currency]) => ({
      moneda,
      mine: currency.saldos[me] ?? 0,
      lines: currency.liquidacion
        .map((s): BalanceLine => ({ ...s, kind: s.para === me ? 'owesYou' : s.de === me ? 'youOwe' : 'between' }))
        .sort((a, b) => rank[a.kind] - rank[b.kind]),
    }))
    .sort((a, b) => Number(a.lines.length === 0) - Number(b.lines.length === 0) || a.moneda.localeCompare(b.moneda));
}
