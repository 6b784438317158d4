/** A YYYY-MM-DD date as a local calendar date (no time-zone shift). */
export function parseDate(value: string): Date {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** Spec §3: whole years elapsed, minus one if this year's birthday has not come yet. */
export function ageOn(birth: string, today: Date): number {
  const b = parseDate(birth);
  let age = today.getFullYear() - b.getFullYear();
  const birthdayPassed =
    today.getMonth() > b.getMonth() || (today.getMonth() === b.getMonth() && today.getDate() >= b.getDate());
  if (!birthdayPassed) age -= 1;
  return Math.max(age, 0);
}

export function localeOf(language: string) {
  return language === 'en' ? 'en-US' : 'es-AR';
}

export function formatDate(value: string, language: string, options?: Intl.DateTimeFormatOptions) {
  return parseDate(value).toLocaleDateString(localeOf(language), options ?? { day: 'numeric', month: 'long', year: 'numeric' });
}
