import { describe, expect, it } from 'vitest';
import { exponentOf, formatMoney, parseAmount, parsePercent, toDecimal } from './amounts';

// Intl separates the sign from the number with a no-break space; tests read plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/gu, ' ');

describe('formatMoney', () => {
  it('writes pesos the Argentine way in Spanish and with the code in English', () => {
    expect(plain(formatMoney(1_234_567, 'ARS', 'es'))).toBe('$ 12.345,67');
    expect(plain(formatMoney(1_234_567, 'ARS', 'en'))).toBe('ARS 12,345.67');
    expect(plain(formatMoney(5, 'ARS', 'es'))).toBe('$ 0,05');
    expect(plain(formatMoney(-1_234_567, 'ARS', 'es'))).toBe('-$ 12.345,67');
  });

  it('follows each currency’s decimals', () => {
    expect(plain(formatMoney(12_346, 'JPY', 'en'))).toBe('¥12,346');
    expect(plain(formatMoney(12_345_670, 'KWD', 'en'))).toBe('KWD 12,345.670');
    expect(plain(formatMoney(1_234_567, 'EUR', 'es'))).toBe('EUR 12.345,67');
  });

  it('keeps every digit of the largest amounts', () => {
    expect(plain(formatMoney(1_000_000_000_000n, 'ARS', 'en'))).toBe('ARS 10,000,000,000.00');
    expect(plain(formatMoney(999_999_999_999n, 'ARS', 'es'))).toBe('$ 9.999.999.999,99');
  });
});

describe('toDecimal and exponentOf', () => {
  it('places the point by the currency’s exponent', () => {
    expect(exponentOf('ARS')).toBe(2);
    expect(exponentOf('JPY')).toBe(0);
    expect(exponentOf('KWD')).toBe(3);
    expect(toDecimal(1, 'ARS')).toBe('0.01');
    expect(toDecimal(-150, 'ARS')).toBe('-1.50');
    expect(toDecimal(700, 'JPY')).toBe('700');
    expect(toDecimal(5, 'KWD')).toBe('0.005');
  });
});

describe('parseAmount', () => {
  const minor = (text: string, currency = 'ARS', language = 'es') => {
    const parsed = parseAmount(text, currency, language);
    return parsed.ok ? parsed.minor : parsed.error;
  };

  it('reads Spanish and English writing into exact minor units', () => {
    expect(minor('12.345,67')).toBe(1_234_567n);
    expect(minor('12,345.67', 'ARS', 'en')).toBe(1_234_567n);
    expect(minor('12345,6')).toBe(1_234_560n);
    expect(minor('0,01')).toBe(1n);
    expect(minor('1.234.567')).toBe(123_456_700n);
    expect(minor('1,234,567', 'ARS', 'en')).toBe(123_456_700n);
    expect(minor('$ 12.345,67')).toBe(1_234_567n);
    expect(minor('ARS 12,345.67', 'ARS', 'en')).toBe(1_234_567n);
  });

  it('takes the phone keypad’s other mark as the decimal point when it can only be one', () => {
    expect(minor('12.5')).toBe(1_250n);
    expect(minor('12.34')).toBe(1_234n);
    expect(minor('12,5', 'ARS', 'en')).toBe(1_250n);
    // Three digits after the mark are a group of thousands.
    expect(minor('12.345')).toBe(1_234_500n);
  });

  it('follows the currency’s decimals', () => {
    expect(minor('12.345', 'JPY')).toBe(12_345n);
    expect(minor('12,5', 'JPY')).toBe('decimals');
    expect(minor('1,005', 'KWD')).toBe(1_005n);
    expect(minor('0,1234', 'KWD')).toBe('decimals');
  });

  it('refuses what is not an amount the server takes', () => {
    expect(minor('')).toBe('empty');
    expect(minor('   ')).toBe('empty');
    expect(minor('-5')).toBe('invalid');
    expect(minor('1e5')).toBe('invalid');
    expect(minor('12,34,5')).toBe('invalid');
    expect(minor('1.23.4')).toBe('invalid');
    expect(minor('0,001')).toBe('decimals');
    expect(minor('0')).toBe('zero');
    expect(minor('0,00')).toBe('zero');
    expect(minor('10.000.000.000,00')).toBe(1_000_000_000_000n);
    expect(minor('10.000.000.000,01')).toBe('tooLarge');
  });
});

describe('parsePercent', () => {
  it('reads up to two decimals in hundredths', () => {
    expect(parsePercent('62,5')).toBe(6250n);
    expect(parsePercent('37.5')).toBe(3750n);
    expect(parsePercent('33.33')).toBe(3333n);
    expect(parsePercent('100')).toBe(10000n);
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('abc')).toBeNull();
  });
});
