import { Temporal } from 'temporal-polyfill';

/** The schedule ids of the contract, in the order the wizard offers them. */
export const PATTERNS = ['2-2-3', '2-2-5-5', '3-4-4-3', '5-2-2-5', '7-7', '4-3', 'eow', 'eow-midweek', 'personalizado'] as const;
export type Pattern = (typeof PATTERNS)[number];
export type Side = 'A' | 'B';

/** Each cyclic pattern's days, counted from the start date, A holding the first block. */
const CYCLES: Partial<Record<Pattern, string>> = {
  '2-2-3': 'AABBAAABBAABBB',
  '2-2-5-5': 'AABBAAAAABBBBB',
  '3-4-4-3': 'AAABBBBAAAABBB',
  '5-2-2-5': 'AAAAABBAABBBBB',
  '7-7': 'AAAAAAABBBBBBB',
  '4-3': 'AAAABBB',
};

/** As the server: a custom cycle is at most a year of days. */
export const CUSTOM_CYCLE_MAX = 366;

/** A custom cycle: one letter, A or B, per day, 1 to 366 days. */
export function validCycle(cycle: string): boolean {
  return cycle.length >= 1 && cycle.length <= CUSTOM_CYCLE_MAX && /^[AB]+$/.test(cycle);
}

const daysBetween = (from: string, to: string) => Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'day' }).days;
const mod = (n: number, m: number) => ((n % m) + m) % m;

/**
 * Who holds the night that begins on `date` (the night from that date to the next), by the same
 * rule as the server: the cycle day is (date − start) mod length. For every other weekend, B has
 * the Friday and Saturday nights of the first weekend on or after the start and every 14 days after.
 */
export function sideOfNight(pattern: Pattern, start: string, date: string, cycle?: string): Side {
  if (pattern === 'eow' || pattern === 'eow-midweek') {
    const first = Temporal.PlainDate.from(start);
    // The first Friday on or after the start (dayOfWeek: Monday 1 … Sunday 7).
    const friday = first.add({ days: mod(5 - first.dayOfWeek, 7) }).toString();
    const day = mod(daysBetween(friday, date), 14);
    if (daysBetween(friday, date) >= 0 && (day === 0 || day === 1)) return 'B';
    if (pattern === 'eow-midweek' && Temporal.PlainDate.from(date).dayOfWeek === 3) return 'B';
    return 'A';
  }
  const days = pattern === 'personalizado' ? cycle ?? '' : CYCLES[pattern] ?? '';
  if (!days) return 'A';
  return days[mod(daysBetween(start, date), days.length)] === 'B' ? 'B' : 'A';
}

/** The nights of `count` days from `from`, each with who holds it. */
export function nightsFrom(pattern: Pattern, start: string, from: string, count: number, cycle?: string): { date: string; side: Side }[] {
  const first = Temporal.PlainDate.from(from);
  return Array.from({ length: count }, (_, i) => {
    const date = first.add({ days: i }).toString();
    return { date, side: sideOfNight(pattern, start, date, cycle) };
  });
}

/** A percentage with two decimals, rounded half up, as the server's parenting-time report gives it. */
export function percent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  // In hundredths of a percent with integers only, so an exact half is never lost to binary fractions.
  return Math.floor((2 * part * 10000 + whole) / (2 * whole)) / 100;
}

export interface Share {
  nights: number;
  percent: number;
}

/** Each side's nights and share over `count` nights from the start (a year: 365). */
export function shareOf(pattern: Pattern, start: string, count: number, cycle?: string): Record<Side, Share> {
  const nights = nightsFrom(pattern, start, start, count, cycle);
  const b = nights.filter((n) => n.side === 'B').length;
  const a = count - b;
  return { A: { nights: a, percent: percent(a, count) }, B: { nights: b, percent: percent(b, count) } };
}

/**
 * The preview's four weeks: whole weeks, Monday to Sunday, starting with the week of the start
 * date, so the grid lines up with a wall calendar; days before the start are marked as such.
 */
export function previewWeeks(pattern: Pattern, start: string, cycle?: string): { date: string; side: Side; before: boolean }[][] {
  const first = Temporal.PlainDate.from(start);
  const monday = first.subtract({ days: first.dayOfWeek - 1 }).toString();
  const nights = nightsFrom(pattern, start, monday, 28, cycle);
  return [0, 1, 2, 3].map((w) =>
    nights.slice(w * 7, w * 7 + 7).map((n) => ({ ...n, before: Temporal.PlainDate.compare(Temporal.PlainDate.from(n.date), first) < 0 })),
  );
}
