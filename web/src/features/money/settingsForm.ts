import { parseAmount, type ParseError } from './amounts';
import { amountText } from './currencies';
import type { Person } from './people';
import type { FinanceSettings } from './types';

/** What the settings form holds while it is filled in: typed text, as typed; empty means none. */
export interface SettingsDraft {
  moneda: string;
  /** Currency → the amount under which its expenses approve themselves. */
  aprobacion: Record<string, string>;
  /** usuarioId → monthly income, in the family's currency. */
  ingresos: Record<string, string>;
}

export type SettingsError = { field: 'aprobacion'; moneda: string; code: ParseError } | { field: 'ingresos'; usuarioId: string; code: ParseError };

export interface SettingsBody {
  moneda: string;
  aprobacionAutomatica: Record<string, number>;
  ingresos: Record<string, number>;
}

/** The currencies that get an automatic-approval field: the family's, those with an amount, those used. */
export function approvalCurrencies(moneda: string, saved: readonly string[], used: readonly string[]): string[] {
  return [...new Set([moneda, ...saved, ...used])];
}

export function draftFromSettings(settings: FinanceSettings, people: readonly Person[], used: readonly string[], language: string): SettingsDraft {
  const aprobacion: Record<string, string> = {};
  for (const code of approvalCurrencies(settings.moneda, Object.keys(settings.aprobacionAutomatica), used)) {
    const minor = settings.aprobacionAutomatica[code];
    aprobacion[code] = minor ? amountText(minor, code, language) : '';
  }
  const ingresos: Record<string, string> = {};
  for (const p of people) {
    // A saved zero shows as one: an empty field would ask to remove it.
    const minor = settings.ingresos[p.usuarioId];
    ingresos[p.usuarioId] = minor !== undefined ? amountText(minor, settings.moneda, language) : '';
  }
  return { moneda: settings.moneda, aprobacion, ingresos };
}

/** An empty field or a zero is "none", which the server takes as 0. */
function amountOrNone(text: string, currency: string, language: string): { ok: true; minor: number } | { ok: false; error: ParseError } {
  if (text.trim() === '') return { ok: true, minor: 0 };
  const parsed = parseAmount(text, currency, language);
  if (parsed.ok) return { ok: true, minor: Number(parsed.minor) };
  if (parsed.error === 'zero') return { ok: true, minor: 0 };
  // Only a sign or a currency code typed: not "nothing", which an empty field already says.
  if (parsed.error === 'empty') return { ok: false, error: 'invalid' };
  return parsed;
}

/**
 * Checks the draft as the server will and makes the body of the `PUT`: every amount and income is
 * sent, so what the form shows is what is kept (a cleared field removes its amount or income). Incomes are in
 * the currency chosen in the form, the one `ingresos` splits of the family use.
 */
export function checkSettings(draft: SettingsDraft, people: readonly Person[], language: string): { errors: SettingsError[]; body: SettingsBody | null } {
  const errors: SettingsError[] = [];
  const aprobacionAutomatica: Record<string, number> = {};
  for (const [code, text] of Object.entries(draft.aprobacion)) {
    const parsed = amountOrNone(text, code, language);
    if (parsed.ok) aprobacionAutomatica[code] = parsed.minor;
    else errors.push({ field: 'aprobacion', moneda: code, code: parsed.error });
  }
  const ingresos: Record<string, number> = {};
  for (const p of people) {
    const text = draft.ingresos[p.usuarioId] ?? '';
    // An empty field leaves the person out, which is "no income": a zero would be a change the
    // others must agree to when it is someone else's.
    if (text.trim() === '') continue;
    const parsed = amountOrNone(text, draft.moneda, language);
    if (parsed.ok) ingresos[p.usuarioId] = parsed.minor;
    else errors.push({ field: 'ingresos', usuarioId: p.usuarioId, code: parsed.error });
  }
  return { errors, body: errors.length === 0 ? { moneda: draft.moneda, aprobacionAutomatica, ingresos } : null };
}
