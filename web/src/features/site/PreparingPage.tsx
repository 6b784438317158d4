import { Link } from 'react-router';
import { useTranslation } from '../../i18n';

/** A public page whose content is still being written. */
export default function PreparingPage({ page }: { page: string }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <Link to="/" className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('common.backHome')}
      </Link>
      <h1 className="mt-6 text-3xl font-bold text-ink">{t(`pages.${page}`)}</h1>
      <p className="mt-4 text-muted">{t('pages.preparing')}</p>
      <p className="mt-2 text-muted">
        {t('pages.questions')}{' '}
        <a className="font-medium text-brand-700 underline" href="mailto:soporte@nido.app">
          soporte@nido.app
        </a>
      </p>
    </main>
  );
}
