import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useLocalized } from '../../content/localized';
import profileEn from '../../content/profile/en';
import profileEs from '../../content/profile/es';
import { BackLink, Card } from '../../components/ui';

const LINKS = [
  ['/about', 'about'],
  ['/updates', 'updates'],
  ['/status', 'status'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/cookies', 'cookies'],
] as const;

/** /profile/about: what Nido is, this build's version, and the pages about the product. */
export default function ProfileAboutPage() {
  const { t } = useTranslation();
  const texts = useLocalized({ es: profileEs, en: profileEn });
  return (
    <section className="mx-auto max-w-2xl">
      <BackLink to="/profile">{t('profile.edit.back')}</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-ink">{texts.aboutNido.title}</h1>
      <div className="mt-6 space-y-4">
        <Card title={texts.aboutNido.whatTitle}>
          <p className="text-ink">{texts.aboutNido.what}</p>
          <p className="mt-3 text-muted">{texts.aboutNido.open}</p>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-muted">{texts.aboutNido.version}</dt>
            <dd className="text-ink" data-testid="about-version">
              {__APP_VERSION__}
            </dd>
            <dt className="font-medium text-muted">{texts.aboutNido.languages}</dt>
            <dd className="text-ink">{texts.aboutNido.languagesValue}</dd>
          </dl>
        </Card>
        <Card title={texts.aboutNido.moreTitle}>
          <ul className="grid gap-2 sm:grid-cols-2">
            {LINKS.map(([to, key]) => (
              <li key={to}>
                <Link to={to} className="flex min-h-11 items-center rounded-xl bg-sand-50 px-3 py-2 font-medium text-brand-700 hover:bg-brand-50">
                  {t(`pages.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </section>
  );
}
