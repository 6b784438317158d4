import { useTranslation } from 'react-i18next';
import en from '../../../content/help/en';
import es from '../../../content/help/es';
import type { Language } from '../../../i18n/detect';
import type { HelpContent } from '../../../content/help/types';
import { useLocalized } from '../../../content/localized';

/** An ISO date (YYYY-MM-DD) in the interface language's locale, read as a calendar day. */
export function formatHelpDate(iso: string, language: Language): string {
  const [y = 1970, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(language === 'en' ? 'en-US' : 'es-ES', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** The help texts of the current language, the language and a date formatter for it. */
export function useHelpContent(): { content: HelpContent; language: Language; formatDate: (iso: string) => string } {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  const content = useLocalized({ es, en });
  return { content, language, formatDate: (iso) => formatHelpDate(iso, language) };
}
