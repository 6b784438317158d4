/** A date-only ISO string (YYYY-MM-DD) in the interface language's locale, without time-zone shifts. */
export function formatDate(iso: string, language: string): string {
  const locale = language === 'en' ? 'en-US' : 'es-ES';
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
