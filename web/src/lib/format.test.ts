import { authorityName, clock, formatDate, formatDateTime, formatDay, formatInstant, formatNumber, formatPercent, formatTime, localeOf, ymdIn } from './format';

// 13:30 UTC is 10:30 in Buenos Aires: the time es-AR writes "10:30 a. m." by default.
const MORNING = '2026-12-05T13:30:00Z';
const EVENING = '2026-12-05T21:05:00Z';
const ZONE = 'America/Argentina/Buenos_Aires';

describe('dates, times and numbers as each language writes them', () => {
  it('puts the 24-hour clock on Spanish screens and the 12-hour one on English ones', () => {
    expect(formatTime(MORNING, 'es', ZONE)).toBe('10:30');
    expect(formatTime(EVENING, 'es', ZONE)).toBe('18:05');
    expect(formatTime(MORNING, 'en', ZONE)).toBe('10:30 AM');
    expect(formatTime(EVENING, 'en', ZONE)).toBe('6:05 PM');
    // Whatever parts a caller asks for, a Spanish time never reads "a. m." or "p. m.".
    for (const options of [{ timeStyle: 'short' }, { hour: '2-digit', minute: '2-digit' }, { hour: 'numeric' }, { ...clock('es'), weekday: 'short' }] as Intl.DateTimeFormatOptions[]) {
      const text = formatInstant(EVENING, 'es', { ...options, timeZone: ZONE });
      expect(text, JSON.stringify(options)).not.toMatch(/[ap]\.\s?m\./i);
      expect(text).toContain('18');
    }
    expect(formatDateTime(EVENING, 'es', { zone: ZONE })).toContain('18:05');
    expect(formatDateTime(EVENING, 'en', { zone: ZONE })).toContain('6:05 PM');
  });

  it('keeps a clock the caller chose, such as a printed record in 24 hours', () => {
    expect(formatInstant(EVENING, 'en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE })).toBe('18:05');
  });

  it('writes days in words, on the zone asked for', () => {
    expect(formatDate('2026-12-05', 'es')).toBe('5 de diciembre de 2026');
    expect(formatDate('2026-12-05', 'en')).toBe('December 5, 2026');
    // 01:00 UTC on the 6th is still the 5th in Buenos Aires.
    expect(formatDay('2026-12-06T01:00:00Z', 'es', { day: 'numeric', month: 'long', timeZone: ZONE })).toBe('5 de diciembre');
    expect(ymdIn(ZONE, '2026-12-06T01:00:00Z')).toBe('2026-12-05');
    expect(ymdIn('UTC', '2026-12-06T01:00:00Z')).toBe('2026-12-06');
  });

  it('uses each language’s separators for numbers and percentages', () => {
    expect(formatNumber(4.11, 'es', { minimumFractionDigits: 2 })).toBe('4,11');
    expect(formatNumber(4.11, 'en', { minimumFractionDigits: 2 })).toBe('4.11');
    expect(formatNumber(1234.5, 'es', { minimumFractionDigits: 2 })).toBe('1234,50'.replace('1234', '1.234'));
    expect(formatPercent(15.8, 'es').replace(/\s/g, ' ')).toBe('15,8 %');
    expect(formatPercent(15.8, 'en')).toBe('15.8%');
    expect(formatPercent(52.941, 'es', { min: 2, max: 2 }).replace(/\s/g, ' ')).toBe('52,94 %');
  });

  it('takes a language or a locale', () => {
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('en-US')).toBe('en-US');
    expect(localeOf('es')).toBe('es-AR');
    expect(localeOf('es-AR')).toBe('es-AR');
  });
});

describe('a timestamp authority by name', () => {
  it('takes the common name of a certificate subject, whatever its place', () => {
    expect(authorityName('O=Nido tests,CN=Nido test TSA')).toBe('Nido test TSA');
    expect(authorityName('CN=FNMT TSA,O=FNMT-RCM,C=ES')).toBe('FNMT TSA');
    expect(authorityName('O=No common name')).toBe('O=No common name');
    expect(authorityName(null)).toBe('');
  });
});
