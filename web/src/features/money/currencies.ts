import { localeOf } from '../../lib/dates';
import { exponentOf, toDecimal } from './amounts';

/** The currencies offered first: those of the countries Nido's families live in, then the usual ones. */
const COMMON = ['ARS', 'EUR', 'UYU', 'CLP', 'MXN', 'COP', 'PYG', 'BOB', 'PEN', 'BRL', 'USD'];

/** The family's own currency first, then those already used, then the common ones; each once. */
export function currencyChoices(familyCurrency: string | undefined, used: readonly string[], language: string): { value: string; label: string }[] {
  const codes = [...new Set([...(familyCurrency ? [familyCurrency] : []), ...used, ...COMMON])];
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([localeOf(language)], { type: 'currency' });
  } catch {
    names = null;
  }
  return codes.map((code) => ({ value: code, label: names ? `${code} · ${names.of(code) ?? code}` : code }));
}

/** An amount in minor units written for a text field in the language (`1.500.000,00`), for editing. */
export function amountText(minor: number, currency: string, language: string): string {
  const exponent = exponentOf(currency);
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: exponent, maximumFractionDigits: exponent }).format(toDecimal(minor, currency) as unknown as number);
}
