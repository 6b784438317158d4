import { localeOf } from './dates';

/** Amounts as the server keeps them (integers in the currency's minor unit), formatted for people to read. */

/** Digits after the decimal point for a currency (ARS 2, JPY 0, KWD 3), as ISO 4217 and Intl agree. */
export function exponentOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `minor` (e.g. 1234567 centavos) as an exact decimal string ("12345.67"). */
export function toDecimal(minor: number | bigint, currency: string): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  const exponent = exponentOf(currency);
  if (exponent === 0) return `${negative ? '-' : ''}${digits}`;
  const padded = digits.padStart(exponent + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount for people to read: `$ 12.345,67` in Spanish, `ARS 12,345.67` in English. */
export function formatMoney(minor: number | bigint, currency: string, language: string): string {
  const key = `${language}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  // Intl formats a decimal string exactly, where a number could have lost digits.
  return formatter.format(toDecimal(minor, currency) as unknown as number);
}
