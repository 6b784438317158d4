import { useTranslation } from '../../i18n';
import en from '../../content/help/en';
import es from '../../content/help/es';
import type { Language } from '../../i18n/detect';
import type { HelpContent } from '../../content/help/types';
import { useLocalized } from '../../content/localized';
import { formatDate } from '../../lib/dates';

/** The help texts of the current language, the language and a date formatter for it. */
export function useHelpContent(): { content: HelpContent; language: Language; formatDate: (iso: string) => string } {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  const content = useLocalized({ es, en });
  return { content, language, formatDate: (iso) => formatDate(iso, language) };
}
