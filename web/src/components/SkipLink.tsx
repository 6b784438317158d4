import { useTranslation } from '../i18n';

/** The first stop of the keyboard: jumps past the header and menu to the page's content. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${target}`}
      onClick={(e) => {
        // Moves focus without touching the URL: the router and hash scrolling stay out of it.
        e.preventDefault();
        document.getElementById(target)?.focus();
      }}
      className="sr-only z-50 rounded-xl bg-white px-4 py-3 font-semibold text-brand-700 shadow-lg ring-2 ring-brand-500 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      {t('common.skipToContent')}
    </a>
  );
}
