/** A YYYY-MM-DD day as a local calendar date, built from its parts so no time zone shifts it. */
export function parseDate(value: string): Date {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function localeOf(language: string) {
  return language === 'en' ? 'en-US' : 'es-AR';
}

/** A YYYY-MM-DD day in the interface language, e.g. "23 de noviembre de 2026" / "November 23, 2026". */
export function formatDate(value: string, language: string, options?: Intl.DateTimeFormatOptions) {
  return parseDate(value).toLocaleDateString(localeOf(language), options ?? { day: 'numeric', month: 'long', year: 'numeric' });
}
