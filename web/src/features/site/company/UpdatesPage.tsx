import { Link } from 'react-router';
import releases from 'virtual:changelog';
import { useTranslation } from '../../../i18n';
import { buttonClass } from '../../../components/Button';
import { UPCOMING } from '../../../lib/areas';
import { companyEn } from '../../../content/company/en';
import { companyEs } from '../../../content/company/es';
import { useLocalized } from '../../../content/localized';
import { formatDate } from '../../../lib/dates';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { cardClass, Section } from './ui';

/**
 * /updates (spec §2 "Company pages"): the current version, every release as CHANGELOG.md tells it,
 * and what is coming: the areas lib/areas.ts does not call live yet, without dates.
 */
export default function UpdatesPage() {
  const { updates } = useLocalized({ es: companyEs, en: companyEn });
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  usePageMeta(updates.title, updates.metaDescription);
  // The running version comes from the build, the same one the footer and the server report.
  const current = { version: __APP_VERSION__, date: releases.find((r) => r.version === __APP_VERSION__)?.date };
  const coming = UPCOMING.flatMap((area) => {
    const item = updates.roadmap.areas[area];
    return item ? [{ area, ...item }] : [];
  });

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader title={updates.title} lead={updates.lead} />

      <section aria-labelledby="updates-current" className="rounded-3xl bg-brand-700 p-6 text-white sm:p-10">
        <p id="updates-current" className="text-sm font-semibold uppercase tracking-wide text-brand-100">
          {updates.current.label}
        </p>
        <p className="mt-2 text-4xl font-bold" data-testid="current-version">
          v{current.version}
        </p>
        {current.date && (
          <p className="mt-1 text-brand-50">
            {updates.current.releasedOn} <time dateTime={current.date}>{formatDate(current.date, i18n.language)}</time>
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/contact" className="inline-flex rounded-xl bg-white px-5 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            {updates.subscribe.label}
          </Link>
          <Link to="/contact" className="inline-flex rounded-xl border border-white/60 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
            {updates.subscribe.joinBeta}
          </Link>
        </div>
        <p className="mt-4 max-w-2xl text-sm text-brand-50">{updates.subscribe.note}</p>
      </section>

      <Section id="updates-history" title={updates.history.title}>
        <ol className="mt-6 space-y-4">
          {releases.map((release) => {
            const part = release.parts[language];
            return (
              <li key={release.version}>
                <article aria-labelledby={`release-${release.version}`} className={`${cardClass} sm:p-8`}>
                  <time dateTime={release.date} className="text-sm text-muted">
                    {formatDate(release.date, i18n.language)}
                  </time>
                  <h3 id={`release-${release.version}`} className="mt-2 text-xl font-bold text-ink">
                    <span className="text-brand-700">v{release.version}</span>
                    <span aria-hidden="true" className="text-muted">
                      {' '}
                      ·{' '}
                    </span>
                    {part.title}
                  </h3>
                  {part.description && <p className="mt-2 text-muted">{part.description}</p>}
                  <ul aria-label={updates.history.highlights} className="mt-3 space-y-1.5">
                    {part.highlights.map((item) => (
                      <li key={item.text} className="flex gap-2 text-ink">
                        <span aria-hidden="true" className="text-brand-600">
                          ✓
                        </span>
                        {item.text}
                      </li>
                    ))}
                  </ul>
                </article>
              </li>
            );
          })}
        </ol>
      </Section>

      <Section id="updates-roadmap" title={updates.roadmap.title}>
        <p className="mt-2 text-muted">{updates.roadmap.lead}</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {coming.map((item) => (
            <li key={item.area} className={`${cardClass} flex flex-col`}>
              <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
              <p className="mt-2 flex-1 text-sm text-muted">{item.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="updates-ideas" className="mt-12 rounded-3xl bg-sand-100 p-6 text-center sm:p-10">
        <h2 id="updates-ideas" className="text-2xl font-bold text-ink">
          {updates.ideas.title}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-muted">{updates.ideas.body}</p>
        <Link to="/contact" className={`${buttonClass('primary')} mt-5`}>
          {updates.ideas.contactLabel}
        </Link>
      </section>
    </main>
  );
}
