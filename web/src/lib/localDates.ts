import type { Language } from '../i18n/detect';

/**
 * Dates and times as people type them: dd/mm/yyyy and 24 h in Spanish, mm/dd/yyyy and 12 h in
 * English. The browser's own date and time inputs follow the browser's locale, not the page's,
 * so the app draws its own and keeps ISO values (YYYY-MM-DD, HH:MM) for the API.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatLocalDate(iso: string, lang: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [, y, mo, d] = m;
  return lang === 'en' ? `${mo}/${d}/${y}` : `${d}/${mo}/${y}`;
}

/** The ISO date typed in the language's order (or as ISO); undefined when it is not a real date. */
export function parseLocalDate(text: string, lang: Language): string | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  let year: number, month: number, day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) {
    const [a, b] = [Number(local[1]), Number(local[2])];
    year = Number(local[3]);
    [day, month] = lang === 'en' ? [b, a] : [a, b];
  } else return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function formatLocalTime(iso: string, lang: Language): string {
  const m = /^(\d{2}):(\d{2})/.exec(iso);
  if (!m) return iso;
  const hours = Number(m[1]);
  if (lang !== 'en') return `${m[1]}:${m[2]}`;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${m[2]} ${suffix}`;
}

/** HH:MM from "17:30", "5:30 pm", "5.30 p. m."…; undefined when it is not a time of day. */
export function parseLocalTime(text: string): string | undefined {
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/i.exec(text.trim());
  if (!m) return undefined;
  let hours = Number(m[1]);
  const minutes = Number(m[2] ?? '0');
  const half = m[3]?.toLowerCase();
  if (half) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return undefined;
  return `${pad(hours)}:${pad(minutes)}`;
}
