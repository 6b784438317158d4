import type { TFunction } from '../../i18n';
import { localeOf } from '../../lib/dates';
import { formatInstant } from '../../lib/format';

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari",
// Android also says "Linux", iPhones also say "Mac OS X".
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\/|Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

/** The browser and system a user agent names, roughly: enough for a person to recognise a device. */
export function parseUserAgent(ua: string | null | undefined): { browser: string | null; os: string | null } {
  const text = ua ?? '';
  return { browser: first(text, BROWSERS), os: first(text, SYSTEMS) };
}

/** Whether the system is a phone's or tablet's (for the icon). */
export function isMobile(ua: string | null | undefined): boolean {
  const { os } = parseUserAgent(ua);
  return os === 'Android' || os === 'iOS';
}

/** "Chrome en Linux" / "Firefox on Windows"; unknown parts said plainly. */
export function deviceLabel(ua: string | null | undefined, t: TFunction): string {
  const { browser, os } = parseUserAgent(ua);
  return t('profile.privacy.sessions.device', {
    browser: browser ?? t('profile.privacy.sessions.unknownBrowser'),
    os: os ?? t('profile.privacy.sessions.unknownOs'),
  });
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/**
 * When something last happened: relative within a week ("hace 5 minutos", "2 hours ago"),
 * otherwise the date and time in the interface's locale.
 */
export function lastSeenLabel(iso: string, now: Date, language: string, t: TFunction): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return t('profile.privacy.sessions.justNow');
  const locale = localeOf(language);
  if (seconds < 7 * 24 * 60 * 60) {
    const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    for (let i = STEPS.length - 1; i >= 0; i--) {
      const [unit, size] = STEPS[i] as [Intl.RelativeTimeFormatUnit, number];
      if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
    }
  }
  return formatInstant(then, language, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
