import type { Balance, Settlement, Support } from './types';

export type LineKind = 'owesYou' | 'youOwe' | 'between';

export interface BalanceLine extends Settlement {
  kind: LineKind;
}

/** What is overdue of one child-support agreement, as a line of the balance. */
export interface SupportLine extends BalanceLine {
  cuotaId: string;
}

export interface CurrencyView {
  moneda: string;
  /** The viewer's own balance of expenses and payments: positive when they are owed. */
  mine: number;
  /** The payments that would settle the currency's expenses, the viewer's own first. */
  lines: BalanceLine[];
  /** Child support past its due date and unpaid, in this currency, the viewer's own first. */
  support: SupportLine[];
}

const RANK: Record<LineKind, number> = { owesYou: 0, youOwe: 1, between: 2 };

function kindOf(de: string, para: string, me: string): LineKind {
  return para === me ? 'owesYou' : de === me ? 'youOwe' : 'between';
}

/**
 * The balance as sentences for the one reading it: who owes them, whom they owe and what others
 * owe each other, for shared expenses and for overdue child support together; currencies apart,
 * those with something to settle first, then by code. A currency is settled only when both are.
 */
export function balanceView(balance: Balance | undefined, me: string, supports: readonly Support[] = []): CurrencyView[] {
  const views = new Map<string, CurrencyView>();
  const viewOf = (moneda: string) => {
    let view = views.get(moneda);
    if (!view) {
      view = { moneda, mine: 0, lines: [], support: [] };
      views.set(moneda, view);
    }
    return view;
  };
  for (const [moneda, currency] of Object.entries(balance?.monedas ?? {})) {
    const view = viewOf(moneda);
    view.mine = currency.saldos[me] ?? 0;
    view.lines = currency.liquidacion.map((s): BalanceLine => ({ ...s, kind: kindOf(s.de, s.para, me) })).sort((a, b) => RANK[a.kind] - RANK[b.kind]);
  }
  for (const s of supports) {
    if (s.deuda <= 0 || !s.pagador || !s.beneficiario) continue;
    viewOf(s.moneda).support.push({ cuotaId: s.id, de: s.pagador, para: s.beneficiario, monto: s.deuda, kind: kindOf(s.pagador, s.beneficiario, me) });
  }
  const owing = (v: CurrencyView) => v.lines.length + v.support.length > 0;
  return [...views.values()]
    .map((v) => ({ ...v, support: v.support.sort((a, b) => RANK[a.kind] - RANK[b.kind]) }))
    .sort((a, b) => Number(!owing(a)) - Number(!owing(b)) || a.moneda.localeCompare(b.moneda));
}
