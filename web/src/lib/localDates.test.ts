import { formatLocalDate, formatLocalTime, parseLocalDate, parseLocalTime } from './localDates';

describe('local dates and times', () => {
  it('write dates day first in Spanish and month first in English', () => {
    expect(formatLocalDate('2019-05-06', 'es')).toBe('06/05/2019');
    expect(formatLocalDate('2019-05-06', 'en')).toBe('05/06/2019');
    expect(parseLocalDate('6/5/2019', 'es')).toBe('2019-05-06');
    expect(parseLocalDate('5/6/2019', 'en')).toBe('2019-05-06');
    expect(parseLocalDate('2019-05-06', 'en')).toBe('2019-05-06');
  });

  it('refuse dates that do not exist', () => {
    expect(parseLocalDate('31/02/2020', 'es')).toBeUndefined();
    expect(parseLocalDate('13/13/2020', 'en')).toBeUndefined();
    expect(parseLocalDate('mañana', 'es')).toBeUndefined();
  });

  it('write times in 24 h in Spanish and 12 h in English, and read both', () => {
    expect(formatLocalTime('17:30', 'es')).toBe('17:30');
    expect(formatLocalTime('17:30', 'en')).toBe('5:30 PM');
    expect(formatLocalTime('00:05', 'en')).toBe('12:05 AM');
    expect(parseLocalTime('17:30')).toBe('17:30');
    expect(parseLocalTime('5:30 pm')).toBe('17:30');
    expect(parseLocalTime('12:00 a. m.')).toBe('00:00');
    expect(parseLocalTime('9')).toBe('09:00');
    expect(parseLocalTime('25:00')).toBeUndefined();
  });
});
