import { useTranslation } from '../i18n';
import type { Language } from '../i18n/detect';

/**
 * Long public-site texts live in typed modules per language (not in es.json/en.json) so that the
 * landing page does not ship them: a page imports both languages and this picks the current one.
 * Both modules share one type, so the compiler refuses a text missing in either language.
 */
export function useLocalized<T>(byLanguage: Record<Language, T>): T {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? byLanguage.en : byLanguage.es;
}

/** Puts values into a text's `{{name}}` places. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
