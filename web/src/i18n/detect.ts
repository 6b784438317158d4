export type Language = 'es' | 'en';
export const LANGUAGE_KEY = 'language';

/** Spec §1: the stored choice, else the browser's language (English if it starts with "en"), saved. */
export function detectLanguage(storage: Storage, browserLanguage: string | undefined): Language {
  const stored = storage.getItem(LANGUAGE_KEY);
  if (stored === 'es' || stored === 'en') return stored;
  const detected: Language = browserLanguage?.toLowerCase().startsWith('en') ? 'en' : 'es';
  storage.setItem(LANGUAGE_KEY, detected);
  return detected;
}
