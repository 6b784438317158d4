import { exponentOf } from '../../lib/money';

/**
 * Amounts as the server keeps them: integers in the currency's minor unit (centavos). Formatting
 * and parsing work on decimal strings and BigInt, never on floats, so 0.1 + 0.2 never happens.
 */

/** The largest amount the server takes, in minor units. */
export const MAX_AMOUNT = 1_000_000_000_000n;

export { exponentOf, formatMoney, toDecimal } from '../../lib/money';

export type ParseError = 'empty' | 'invalid' | 'decimals' | 'zero' | 'tooLarge';
export type Parsed = { ok: true; minor: bigint } | { ok: false; error: ParseError };

/**
 * A typed amount in minor units. Spanish writes `12.345,67`, English `12,345.67`; a phone's numeric
 * keypad may offer only the other mark, so a lone separator followed by no more digits than the
 * currency has decimals is taken as the decimal point (`12.5` is twelve and a half in Spanish too).
 */
export function parseAmount(text: string, currency: string, language: string): Parsed {
  const exponent = exponentOf(currency);
  // Spaces (also the narrow no-break ones Intl writes) and a currency sign or code typed along.
  const clean = text.replace(/[\s\u00a0\u202f$€£¥]/gu, '').replace(/^[A-Za-z]{3}/u, '');
  if (clean === '') return { ok: false, error: 'empty' };
  if (!/^[\d.,]+$/u.test(clean)) return { ok: false, error: 'invalid' };
  const decimalMark = language === 'en' ? '.' : ',';
  const groupMark = language === 'en' ? ',' : '.';
  let whole: string;
  let fraction = '';
  if (clean.includes(decimalMark)) {
    const at = clean.lastIndexOf(decimalMark);
    whole = clean.slice(0, at);
    fraction = clean.slice(at + 1);
    if (fraction.includes(groupMark) || fraction.includes(decimalMark) || !groupedWell(whole, groupMark)) return { ok: false, error: 'invalid' };
  } else if (clean.includes(groupMark)) {
    const parts = clean.split(groupMark);
    if (groupedWell(clean, groupMark) && !(parts.length === 2 && parts[1]!.length <= exponent && parts[1]!.length !== 3)) {
      whole = clean;
    } else if (parts.length === 2 && parts[1]!.length <= exponent) {
      whole = parts[0]!;
      fraction = parts[1]!;
    } else {
      return { ok: false, error: 'invalid' };
    }
  } else {
    whole = clean;
  }
  whole = whole.split(groupMark).join('');
  if (whole === '' && fraction === '') return { ok: false, error: 'invalid' };
  if (fraction.length > exponent) return { ok: false, error: 'decimals' };
  const minor = BigInt(`${whole || '0'}${fraction.padEnd(exponent, '0')}`);
  if (minor === 0n) return { ok: false, error: 'zero' };
  if (minor > MAX_AMOUNT) return { ok: false, error: 'tooLarge' };
  return { ok: true, minor };
}

/** Digits with group marks only between groups of three (`12.345.678`), or no marks at all. */
function groupedWell(whole: string, groupMark: string): boolean {
  if (!whole.includes(groupMark)) return /^\d*$/u.test(whole);
  const [head, ...rest] = whole.split(groupMark);
  return /^\d{1,3}$/u.test(head!) && rest.every((group) => /^\d{3}$/u.test(group));
}

/** A percentage typed with up to two decimals ("62,5" or "62.5") in hundredths (6250), or null. */
export function parsePercent(text: string): bigint | null {
  const clean = text.trim().replace(',', '.');
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/u.exec(clean);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}
