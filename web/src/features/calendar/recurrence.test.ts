import { describe, expect, it } from 'vitest';
import { fromRRule, NO_REPEAT, toRRule, weekdayOf, type Repeat } from './recurrence';

const MADRID = 'Europe/Madrid';
const never = { kind: 'never' } as const;

describe('toRRule', () => {
  it('gives no rule for an event that does not repeat', () => {
    expect(toRRule(NO_REPEAT, '2026-03-02', MADRID)).toBeNull();
  });

  it('writes each frequency, with the interval only when above 1', () => {
    expect(toRRule({ frequency: 'daily', interval: 1, days: [], end: never }, '2026-03-02', MADRID)).toBe('FREQ=DAILY');
    expect(toRRule({ frequency: 'daily', interval: 3, days: [], end: never }, '2026-03-02', MADRID)).toBe('FREQ=DAILY;INTERVAL=3');
    expect(toRRule({ frequency: 'monthly', interval: 1, days: [], end: never }, '2026-03-02', MADRID)).toBe('FREQ=MONTHLY');
    expect(toRRule({ frequency: 'yearly', interval: 2, days: [], end: never }, '2026-03-02', MADRID)).toBe('FREQ=YEARLY;INTERVAL=2');
  });

  it('lists the chosen weekdays Monday first, whatever order they were picked in', () => {
    const repeat: Repeat = { frequency: 'weekly', interval: 2, days: ['WE', 'MO'], end: never };
    expect(toRRule(repeat, '2026-03-02', MADRID)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE');
  });

  it("uses the start's own weekday when no day is chosen", () => {
    // 2026-03-05 is a Thursday.
    expect(toRRule({ frequency: 'weekly', interval: 1, days: [], end: never }, '2026-03-05', MADRID)).toBe('FREQ=WEEKLY;BYDAY=TH');
  });

  it("ends on a date at that day's last second where the event is, in UTC", () => {
    const repeat: Repeat = { frequency: 'weekly', interval: 1, days: ['MO', 'WE'], end: { kind: 'on', date: '2026-04-15' } };
    // Madrid is on summer time (+02:00) by then.
    expect(toRRule(repeat, '2026-03-02', MADRID)).toBe('FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260415T215959Z');
    // Buenos Aires is at -03:00: the end of its 15th is the 16th in UTC.
    expect(toRRule(repeat, '2026-03-02', 'America/Argentina/Buenos_Aires')).toBe('FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260416T025959Z');
  });

  it('ends after a number of times', () => {
    expect(toRRule({ frequency: 'daily', interval: 1, days: [], end: { kind: 'after', count: 10 } }, '2026-03-02', MADRID)).toBe('FREQ=DAILY;COUNT=10');
  });
});

describe('fromRRule', () => {
  it('reads "no rule" as not repeating', () => {
    expect(fromRRule(null, MADRID)).toEqual(NO_REPEAT);
    expect(fromRRule('', MADRID)).toEqual(NO_REPEAT);
  });

  it('reads back every choice the builder writes', () => {
    const choices: Repeat[] = [
      { frequency: 'daily', interval: 1, days: [], end: never },
      { frequency: 'daily', interval: 4, days: [], end: { kind: 'after', count: 7 } },
      { frequency: 'weekly', interval: 2, days: ['MO', 'WE', 'FR'], end: { kind: 'on', date: '2026-04-15' } },
      { frequency: 'weekly', interval: 1, days: ['SU'], end: never },
      { frequency: 'monthly', interval: 1, days: [], end: { kind: 'on', date: '2026-12-31' } },
      { frequency: 'yearly', interval: 1, days: [], end: { kind: 'after', count: 18 } },
    ];
    for (const zone of [MADRID, 'America/Santiago', 'Pacific/Auckland']) {
      for (const choice of choices) {
        const rule = toRRule(choice, '2026-03-02', zone);
        expect(fromRRule(rule, zone), `${rule} in ${zone}`).toEqual(choice);
      }
    }
  });

  it("reads the issue's example rule", () => {
    expect(fromRRule('FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260415T215959Z', MADRID)).toEqual({
      frequency: 'weekly',
      interval: 1,
      days: ['MO', 'WE'],
      end: { kind: 'on', date: '2026-04-15' },
    });
  });

  it('accepts an RRULE: prefix, lower case and a date-only UNTIL', () => {
    expect(fromRRule('RRULE:freq=daily;until=20261001', MADRID)).toEqual({ frequency: 'daily', interval: 1, days: [], end: { kind: 'on', date: '2026-10-01' } });
  });

  it('refuses what the builder cannot show, so the rule is kept as it is', () => {
    for (const rule of [
      'FREQ=MONTHLY;BYDAY=2MO',
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      'FREQ=HOURLY',
      'FREQ=WEEKLY;BYDAY=MO;BYSETPOS=1',
      'FREQ=DAILY;COUNT=3;UNTIL=20260101T000000Z',
      'FREQ=DAILY;INTERVAL=0',
      'FREQ=WEEKLY;WKST=SU;BYDAY=MO',
      'garbage',
    ]) {
      expect(fromRRule(rule, MADRID), rule).toBeNull();
    }
  });
});

describe('weekdayOf', () => {
  it('names the weekday of a date, leap days included', () => {
    expect(weekdayOf('2026-03-02')).toBe('MO');
    expect(weekdayOf('2028-02-29')).toBe('TU');
    expect(weekdayOf('2026-03-08')).toBe('SU');
  });
});
