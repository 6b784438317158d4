import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { buttonClass } from '../../components/Button';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('notFound.title')}</h1>
      <p className="mt-2 text-muted">{t('notFound.body')}</p>
      <Link to="/" className={`${buttonClass('primary')} mt-8`}>
        {t('common.backHome')}
      </Link>
    </main>
  );
}
