import { browserSpelling, formatInstant, ymdIn } from '../../lib/format';
import type { Message } from './types';

/** `YYYY-MM-DD` of an instant in `timeZone` (the browser's when undefined). */
export function dayKey(iso: string, timeZone?: string): string {
  return ymdIn(timeZone, iso);
}

export type ThreadItem = { kind: 'day'; key: string; at: string } | { kind: 'message'; key: string; message: Message };

/** Messages (oldest first) with a day marker before the first message of each day in `timeZone`. */
export function withDaySeparators(messages: readonly Message[], timeZone?: string): ThreadItem[] {
  const items: ThreadItem[] = [];
  let previous = '';
  for (const message of messages) {
    const day = dayKey(message.enviadoAt, timeZone);
    if (day !== previous) {
      items.push({ kind: 'day', key: `day-${day}`, at: message.enviadoAt });
      previous = day;
    }
    items.push({ kind: 'message', key: message._id, message });
  }
  return items;
}

/**
 * How a day separator reads: `today` or `yesterday` (texts given by the caller), else the date in
 * the locale, with the year only when it is not the current one.
 */
export function dayLabel(at: string, now: Date, locale: string, words: { today: string; yesterday: string }, timeZone?: string): string {
  const day = dayKey(at, timeZone);
  if (day === dayKey(now.toISOString(), timeZone)) return words.today;
  if (day === dayKey(new Date(now.getTime() - 86_400_000).toISOString(), timeZone)) return words.yesterday;
  const sameYear = day.slice(0, 4) === dayKey(now.toISOString(), timeZone).slice(0, 4);
  const text = formatInstant(at, locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The time of day of an instant, on the 24-hour clock in both languages ("Seen 14:32"). */
export function timeOfDay(at: string, locale: string, timeZone?: string): string {
  return formatInstant(at, locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** A short "when" for the conversation list: the time today, else the date. */
export function listTime(at: string, now: Date, locale: string, timeZone?: string): string {
  if (dayKey(at, timeZone) === dayKey(now.toISOString(), timeZone)) return timeOfDay(at, locale, timeZone);
  return formatInstant(at, locale, { timeZone, day: 'numeric', month: 'short' });
}

/** `zone` when the browser knows it, else undefined (the browser's own zone). */
export function safeZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  return browserSpelling(zone) ? zone : undefined;
}
