import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { UPCOMING } from '../../lib/areas';

/** Spec §2's placeholder for signed-in sections that are not built yet; its list is what is still to come. */
export default function ComingSoonPage({ section }: { section: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="mx-auto max-w-2xl">
      <button type="button" onClick={() => navigate(-1)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('common.back')}
      </button>
      <div className="mt-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{t(`sections.${section}`)}</h1>
        <p className="mt-2 text-muted">{t('comingSoon.body')}</p>
        <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-muted">{t('comingSoon.upcoming')}</h2>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="upcoming">
          {UPCOMING.map((area) => (
            <li key={area} className="rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink">
              {t(`comingSoon.features.${area}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
