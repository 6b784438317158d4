/**
 * Every date, time and number the app shows is written here, and only here (eslint forbids
 * `toLocale*String` and `Intl.DateTimeFormat` elsewhere). The browser's defaults for es-AR put
 * "10:30 a. m." on Spanish screens; Nido writes the 24-hour clock in Spanish ("10:30", "18:05")
 * and the 12-hour one in English ("6:05 PM"), the way the date and time inputs read
 * (components/LocalDateTimeInput.tsx), and numbers with each language's separators.
 */

/** An instant: an RFC 3339 string from the API, a Date, or milliseconds. */
export type Instant = string | number | Date;

/** The locale a language writes with: en-US for English, es-AR for Spanish (also given as "en-US"...). */
export function localeOf(language: string): string {
  return language.toLowerCase().startsWith('en') ? 'en-US' : 'es-AR';
}

const english = (language: string) => localeOf(language) === 'en-US';

/** A YYYY-MM-DD day as a local calendar date, built from its parts so no time zone shifts it. */
export function parseDate(value: string): Date {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

const toDate = (when: Instant) => (when instanceof Date ? when : new Date(when));

/** The clock each language reads, unless the caller says otherwise (a hidden hour part keeps none). */
function withClock(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  const showsTime = options.hour !== undefined || options.timeStyle !== undefined;
  if (!showsTime || options.hourCycle !== undefined || options.hour12 !== undefined) return options;
  return { ...options, hourCycle: english(language) ? 'h12' : 'h23' };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter for the language (with its clock) and options. */
function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const full = withClock(language, options);
  const key = `${localeOf(language)}|${JSON.stringify(full)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(localeOf(language), full);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An instant with any parts asked for, in the language's words and clock. */
export function formatInstant(when: Instant, language: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(language, options).format(toDate(when));
}

/** The parts of an instant, for a caller that arranges them itself. */
export function instantParts(when: Instant, language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatPart[] {
  return dateTimeFormat(language, options).formatToParts(toDate(when));
}

/** The hour and minute parts each language writes ("09:30" / "9:30 AM"), to add to other parts. */
export function clock(language: string): Intl.DateTimeFormatOptions {
  return { hour: english(language) ? 'numeric' : '2-digit', minute: '2-digit' };
}

/** The time of day: "18:05" in Spanish, "6:05 PM" in English; in `zone` (the browser's when absent). */
export function formatTime(when: Instant, language: string, zone?: string): string {
  return formatInstant(when, language, { ...clock(language), timeZone: zone });
}

/** A day and its time: "5 dic 2026, 18:05" / "Dec 5, 2026, 6:05 PM". */
export function formatDateTime(when: Instant, language: string, options: { zone?: string | undefined; date?: 'short' | 'medium' | 'long' } = {}): string {
  return formatInstant(when, language, { dateStyle: options.date ?? 'medium', timeStyle: 'short', timeZone: options.zone });
}

/** The day an instant falls on, in words: "5 de diciembre de 2026" / "December 5, 2026" by default. */
export function formatDay(when: Instant, language: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }): string {
  return formatInstant(when, language, options);
}

/** A YYYY-MM-DD day in the interface language, e.g. "23 de noviembre de 2026" / "November 23, 2026". */
export function formatDate(value: string, language: string, options?: Intl.DateTimeFormatOptions): string {
  return formatDay(parseDate(value), language, options);
}

/** The YYYY-MM-DD an instant (now by default) falls on in `zone` (the browser's when absent). */
export function ymdIn(zone?: string, when: Instant = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(toDate(when));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return toDate(when).toISOString().slice(0, 10);
  }
}

/** The browser's own time zone (an IANA name; ICU's "Etc/Unknown" when the system has none). */
export function browserZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The browser's spelling of `zone` (America/Buenos_Aires for America/Argentina/Buenos_Aires); undefined when unknown. */
export function browserSpelling(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The zone's offset from UTC at `at`, as "GMT-3" or "GMT+5:30"; empty when the zone is unknown. */
export function zoneOffsetName(zone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** A number with the language's separators: "4,11" / "4.11". */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeOf(language), options).format(value);
}

/**
 * A percentage given as its number (15.8 for 15.8 %): "15,8 %" in Spanish, with the space Spanish
 * style asks for (ICU's es-AR leaves it out), unbroken; "15.8%" in English.
 */
export function formatPercent(percent: number, language: string, digits: { min?: number; max: number } = { max: 1 }): string {
  const fraction = { minimumFractionDigits: digits.min ?? 0, maximumFractionDigits: digits.max };
  if (english(language)) return new Intl.NumberFormat('en-US', { style: 'percent', ...fraction }).format(percent / 100);
  return `${formatNumber(percent, language, fraction)}\u00a0%`;
}

/** The common name in a certificate subject (`O=…,CN=…`), or the whole subject when it has none. */
export function authorityName(subject: string | null | undefined): string {
  return subject?.match(/(?:^|,)CN=([^,]+)/)?.[1] ?? subject ?? '';
}
