import { describe, expect, it } from 'vitest';
import { nightsFrom, percent, previewWeeks, shareOf, sideOfNight, validCycle } from './custodyPatterns';

const letters = (pattern: Parameters<typeof nightsFrom>[0], start: string, count: number, cycle?: string) =>
  nightsFrom(pattern, start, start, count, cycle)
    .map((n) => n.side)
    .join('');

describe('custody patterns', () => {
  it("follow the contract's cycles from the start date", () => {
    const start = '2026-03-02';
    expect(letters('2-2-3', start, 14)).toBe('AABBAAABBAABBB');
    expect(letters('2-2-5-5', start, 28)).toBe('AABBAAAAABBBBB'.repeat(2));
    expect(letters('3-4-4-3', start, 14)).toBe('AAABBBBAAAABBB');
    expect(letters('5-2-2-5', start, 14)).toBe('AAAAABBAABBBBB');
    expect(letters('7-7', start, 14)).toBe('AAAAAAABBBBBBB');
    expect(letters('4-3', start, 14)).toBe('AAAABBB'.repeat(2));
    expect(letters('personalizado', start, 6, 'ABB')).toBe('ABBABB');
  });

  it('count the cycle day from the start, not from the first date asked', () => {
    // Day 16 of a 14-day cycle is its day 2: B.
    expect(sideOfNight('2-2-5-5', '2026-03-02', '2026-03-18')).toBe('B');
    expect(sideOfNight('2-2-5-5', '2026-03-02', '2026-03-20')).toBe('A');
  });

  it('give B the Friday and Saturday nights of every other weekend, from the first on or after the start', () => {
    // 2026-03-04 is a Wednesday: the first weekend is 6-7 March, then 20-21 March.
    const nights = nightsFrom('eow', '2026-03-04', '2026-03-04', 21);
    const b = nights.filter((n) => n.side === 'B').map((n) => n.date);
    expect(b).toEqual(['2026-03-06', '2026-03-07', '2026-03-20', '2026-03-21']);
    const midweek = nightsFrom('eow-midweek', '2026-03-04', '2026-03-04', 21).filter((n) => n.side === 'B').map((n) => n.date);
    expect(midweek).toEqual(['2026-03-04', '2026-03-06', '2026-03-07', '2026-03-11', '2026-03-18', '2026-03-20', '2026-03-21']);
  });

  it("give the issue's shares over 365 nights", () => {
    expect(shareOf('eow', '2026-01-05', 365).B).toEqual({ nights: 52, percent: 14.25 });
    expect(shareOf('eow-midweek', '2026-01-05', 365).B).toEqual({ nights: 104, percent: 28.49 });
    const even = shareOf('2-2-5-5', '2026-01-05', 365);
    expect(even.A.nights + even.B.nights).toBe(365);
    expect(even.A.percent + even.B.percent).toBeCloseTo(100, 5);
  });

  it('round percentages half up to two decimals', () => {
    expect(percent(1, 8)).toBe(12.5);
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(2, 3)).toBe(66.67);
    // 0.0125 % exactly: the half goes up.
    expect(percent(1, 8000)).toBe(0.01);
    expect(percent(0, 365)).toBe(0);
    expect(percent(3, 0)).toBe(0);
  });

  it('check custom cycles', () => {
    expect(validCycle('AABB')).toBe(true);
    expect(validCycle('')).toBe(false);
    expect(validCycle('AAXB')).toBe(false);
    expect(validCycle('A'.repeat(366))).toBe(true);
    expect(validCycle('A'.repeat(367))).toBe(false);
  });
});

describe('the wizard preview', () => {
  it('shows four whole weeks from the Monday of the start, days before the start marked', () => {
    // 2026-03-04 is a Wednesday.
    const weeks = previewWeeks('2-2-5-5', '2026-03-04');
    expect(weeks).toHaveLength(4);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]!.date).toBe('2026-03-02');
    expect(weeks[3]![6]!.date).toBe('2026-03-29');
    expect(weeks[0]!.map((d) => d.before)).toEqual([true, true, false, false, false, false, false]);
    const fromStart = weeks.flat().filter((d) => !d.before).map((d) => d.side).join('');
    expect(fromStart).toBe(('AABBAAAAABBBBB'.repeat(2)).slice(0, 26));
  });
});
