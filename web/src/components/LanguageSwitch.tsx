import { useTranslation } from '../i18n';
import { chooseLanguage } from '../i18n';
import type { Language } from '../i18n/detect';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language === 'en' ? 'en' : 'es';
  return (
    <div role="group" aria-label={t('common.language')} className="inline-flex rounded-xl border border-brand-200 bg-white p-0.5 text-xs font-semibold">
      {(['es', 'en'] as const).map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={current === lang}
          onClick={() => chooseLanguage(lang)}
          className={`min-h-6 min-w-6 rounded-lg px-2.5 py-1 ${current === lang ? 'bg-brand-600 text-white' : 'text-brand-700 hover:bg-brand-50'}`}
        >
          {lang === 'es' ? 'ES' : 'EN'}
          <span className="sr-only"> {t(`common.languages.${lang}`)}</span>
        </button>
      ))}
    </div>
  );
}
