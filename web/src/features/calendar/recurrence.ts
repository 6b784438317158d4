import { Temporal } from 'temporal-polyfill';

/** RFC 5545 weekday codes, Monday first as in both of the app's languages. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type Frequency = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly';

export type RepeatEnd = { kind: 'never' } | { kind: 'on'; date: string } | { kind: 'after'; count: number };

/** What the recurrence builder offers: a person picks these, never an RRULE. */
export interface Repeat {
  frequency: Frequency;
  /** Every N days, weeks, months or years; 1 or more. */
  interval: number;
  /** For weekly repeats: the days chosen (empty: the start's own weekday). */
  days: Weekday[];
  end: RepeatEnd;
}

export const NO_REPEAT: Repeat = { frequency: 'none', interval: 1, days: [], end: { kind: 'never' } };

const FREQ: Record<Exclude<Frequency, 'none'>, string> = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY', yearly: 'YEARLY' };

/** The weekday code of a YYYY-MM-DD date. */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[Temporal.PlainDate.from(date).dayOfWeek - 1] ?? 'MO';
}

/**
 * The last moment of `date` in `zone`, in UTC as RRULE wants it: UNTIL is a UTC instant and
 * inclusive, so "ends on 15 April" keeps every instance that starts on the 15th where the family lives.
 */
function untilOf(date: string, zone: string): string {
  const instant = Temporal.PlainDateTime.from(`${date}T23:59:59`).toZonedDateTime(zone).toInstant();
  return instant.toString({ smallestUnit: 'second' }).replace(/[-:]/g, '');
}

/** The local date of an UNTIL value (UTC date-time or a plain date) in `zone`. */
function dateOfUntil(value: string, zone: string): string | null {
  const utc = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (utc) {
    const [, y, mo, d, h, mi, s] = utc;
    const instant = Temporal.Instant.from(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
    return instant.toZonedDateTimeISO(zone).toPlainDate().toString();
  }
  const plain = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (plain) return `${plain[1]}-${plain[2]}-${plain[3]}`;
  return null;
}

/**
 * The RRULE value for a choice, or null for "does not repeat". `start` is the first instance's
 * date (its weekday stands in when no day is chosen) and `zone` the event's time zone.
 */
export function toRRule(repeat: Repeat, start: string, zone: string): string | null {
  if (repeat.frequency === 'none') return null;
  const parts = [`FREQ=${FREQ[repeat.frequency]}`];
  const interval = Math.max(1, Math.floor(repeat.interval));
  if (interval > 1) parts.push(`INTERVAL=${interval}`);
  if (repeat.frequency === 'weekly') {
    const chosen = repeat.days.length > 0 ? repeat.days : [weekdayOf(start)];
    parts.push(`BYDAY=${WEEKDAYS.filter((d) => chosen.includes(d)).join(',')}`);
  }
  if (repeat.end.kind === 'on') parts.push(`UNTIL=${untilOf(repeat.end.date, zone)}`);
  if (repeat.end.kind === 'after') parts.push(`COUNT=${Math.max(1, Math.floor(repeat.end.count))}`);
  return parts.join(';');
}

/**
 * Reads a rule back into the builder's terms; null when the rule says more than the builder can
 * show (set positions, month days, hours…), so the form keeps it untouched instead of losing detail.
 */
export function fromRRule(rule: string | null | undefined, zone: string): Repeat | null {
  if (!rule) return NO_REPEAT;
  const fields = new Map<string, string>();
  for (const part of rule.replace(/^RRULE:/i, '').split(';')) {
    if (!part) continue;
    const [key, value] = part.split('=');
    if (!key || value === undefined) return null;
    fields.set(key.toUpperCase(), value.toUpperCase());
  }
  const frequency = (Object.keys(FREQ) as (keyof typeof FREQ)[]).find((f) => FREQ[f] === fields.get('FREQ'));
  if (!frequency) return null;
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL', 'COUNT', 'WKST']);
  if ([...fields.keys()].some((k) => !known.has(k))) return null;
  if (fields.get('WKST') !== undefined && fields.get('WKST') !== 'MO') return null;

  const interval = fields.has('INTERVAL') ? Number(fields.get('INTERVAL')) : 1;
  if (!Number.isInteger(interval) || interval < 1) return null;

  let days: Weekday[] = [];
  const byDay = fields.get('BYDAY');
  if (byDay !== undefined) {
    if (frequency !== 'weekly') return null;
    const codes = byDay.split(',');
    if (!codes.every((c): c is Weekday => (WEEKDAYS as readonly string[]).includes(c))) return null;
    days = WEEKDAYS.filter((d) => codes.includes(d));
  }

  let end: RepeatEnd = { kind: 'never' };
  const until = fields.get('UNTIL');
  const count = fields.get('COUNT');
  if (until !== undefined && count !== undefined) return null;
  if (until !== undefined) {
    const date = dateOfUntil(until, zone);
    if (!date) return null;
    end = { kind: 'on', date };
  }
  if (count !== undefined) {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1) return null;
    end = { kind: 'after', count: n };
  }
  return { frequency, interval, days, end };
}
