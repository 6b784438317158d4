import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useLocalized } from '../../content/localized';
import profileEn from '../../content/profile/en';
import profileEs from '../../content/profile/es';
import { buttonClass } from '../../components/Button';
import { HelpCentre } from '../../components/help/HelpCentre';
import { BackLink } from '../../components/ui';

/** /profile/help: the help centre inside the app, with ways to reach the team. */
export default function ProfileHelpPage() {
  const { t } = useTranslation();
  const texts = useLocalized({ es: profileEs, en: profileEn });
  return (
    <section className="mx-auto max-w-4xl">
      <BackLink to="/profile">{t('profile.edit.back')}</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-ink">{texts.helpCentre.title}</h1>
      <p className="mb-6 mt-2 text-muted">{texts.helpCentre.lead}</p>
      <HelpCentre />
      <aside className="mt-10 rounded-2xl bg-brand-50 p-6">
        <h2 className="text-lg font-bold text-ink">{texts.helpCentre.moreTitle}</h2>
        <p className="mt-1 text-muted">{texts.helpCentre.moreBody}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/contact" className={buttonClass('primary')}>
            {texts.helpCentre.contact}
          </Link>
          <Link to="/faq" className={buttonClass('secondary')}>
            {texts.helpCentre.faq}
          </Link>
          <Link to="/profile/suggestions" className={buttonClass('secondary')}>
            {texts.helpCentre.suggest}
          </Link>
        </div>
      </aside>
    </section>
  );
}
