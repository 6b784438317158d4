import { localeOf } from './dates';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "hace 5 minutos" / "5 minutes ago": how long ago `iso` was, in the largest unit that fits. */
export function relativeTime(iso: string, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  let amount = (new Date(iso).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) {
      // Under a minute reads as "now" rather than a count of seconds.
      return unit === 'second' ? format.format(0, 'second') : format.format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
