import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n';
import { buttonClass } from '../../../components/Button';
import { companyEn } from '../../../content/company/en';
import { companyEs } from '../../../content/company/es';
import { useLocalized } from '../../../content/localized';
import { formatDate } from '../../../lib/dates';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { cardClass, FactList, Icon, mailto, Section, type IconName } from './ui';

const RESOURCE_ICONS: readonly IconName[] = ['folder', 'palette', 'image'];

/** /press (spec §2 "Company pages"): media contact, resources, facts, releases with anchors. */
export default function PressPage() {
  const { press } = useLocalized({ es: companyEs, en: companyEn });
  const { i18n } = useTranslation();
  const { hash } = useLocation();
  usePageMeta(press.title, press.metaDescription);

  // The page is loaded lazily, after the browser looked for the anchor: scroll to it once rendered.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader title={press.title} lead={press.lead} />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="press-inquiries" className="rounded-3xl bg-brand-50 p-6 sm:p-8">
          <h2 id="press-inquiries" className="text-2xl font-bold text-ink">
            {press.inquiries.title}
          </h2>
          <p className="mt-3 text-ink">{press.inquiries.body}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <a href={mailto(press.inquiries.mailSubject)} className={buttonClass('primary')}>
              {press.inquiries.mailLabel}
            </a>
            <Link to="/contact" className={buttonClass('secondary')}>
              {press.inquiries.contactLabel}
            </Link>
          </div>
        </section>

        <nav aria-labelledby="press-index" className={cardClass}>
          <h2 id="press-index" className="text-lg font-bold text-ink">
            {press.releases.indexLabel}
          </h2>
          <ul className="mt-3 space-y-3">
            {press.releases.items.map((release) => (
              <li key={release.slug}>
                <a href={`#${release.slug}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {release.title}
                </a>
                <p className="text-sm text-muted">
                  <time dateTime={release.date}>{formatDate(release.date, i18n.language)}</time>
                </p>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <Section id="press-resources" title={press.resources.title}>
        <p className="mt-2 text-muted">{press.resources.note}</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {press.resources.items.map((resource, i) => (
            <li key={resource.title} className={`${cardClass} flex flex-col`}>
              <Icon name={RESOURCE_ICONS[i] ?? 'folder'} />
              <h3 className="mt-3 font-semibold text-ink">{resource.title}</h3>
              <p className="mt-2 flex-1 text-sm text-muted">{resource.description}</p>
              <a href={resource.href} className={`${buttonClass('secondary')} mt-4 self-start`}>
                {resource.actionLabel}
                <span className="sr-only">: {resource.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="press-facts" title={press.facts.title}>
        <div className={`mt-6 ${cardClass}`}>
          <FactList facts={press.facts.items} className="lg:grid-cols-3" />
        </div>
      </Section>

      <Section id="press-releases" title={press.releases.title}>
        <div className="mt-6 space-y-4">
          {press.releases.items.map((release) => (
            <article key={release.slug} id={release.slug} aria-labelledby={`${release.slug}-title`} className={`${cardClass} scroll-mt-24 sm:p-8`}>
              <p className="text-sm text-muted">
                <time dateTime={release.date}>{formatDate(release.date, i18n.language)}</time>
              </p>
              <h3 id={`${release.slug}-title`} className="mt-1 text-xl font-bold text-ink">
                {release.title}
              </h3>
              <p className="mt-3 font-medium text-ink">{release.summary}</p>
              {release.body.map((text) => (
                <p key={text} className="mt-3 text-muted">
                  {text}
                </p>
              ))}
            </article>
          ))}
        </div>
      </Section>

      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="press-coverage" className="rounded-2xl border-2 border-dashed border-sand-200 p-6">
          <h2 id="press-coverage" className="text-xl font-bold text-ink">
            {press.coverage.title}
          </h2>
          <p className="mt-2 text-muted">{press.coverage.empty}</p>
        </section>
        <section aria-labelledby="press-awards" className="rounded-2xl border-2 border-dashed border-sand-200 p-6">
          <h2 id="press-awards" className="text-xl font-bold text-ink">
            {press.awards.title}
          </h2>
          <p className="mt-2 text-muted">{press.awards.empty}</p>
        </section>
      </div>
    </main>
  );
}
