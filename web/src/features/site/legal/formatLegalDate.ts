/** An ISO day (YYYY-MM-DD) in the reader's locale, built from its parts so no time zone can shift it. */
export function formatLegalDate(iso: string, language: string) {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day).toLocaleDateString(language === 'en' ? 'en-US' : 'es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
