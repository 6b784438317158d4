import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { companyEn } from '../../../content/company/en';
import { companyEs } from '../../../content/company/es';
import { useLocalized } from '../../../content/localized';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { cardClass, Icon, mailto, Section, type IconName } from './ui';

const REASONS = ['impact', 'growth', 'remote', 'equity'] as const;
const REASON_ICONS: Record<(typeof REASONS)[number], IconName> = { impact: 'heart', growth: 'growth', remote: 'globe', equity: 'pie' };
const PROFILES = ['fullStack', 'design', 'mobile'] as const;

/** /careers (spec §2 "Company pages"): no open positions today. */
export default function CareersPage() {
  const { careers } = useLocalized({ es: companyEs, en: companyEn });
  usePageMeta(careers.title, careers.metaDescription);

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader title={careers.title} lead={careers.lead} />

      <section aria-labelledby="careers-openings" className="rounded-3xl bg-sand-100 p-6 sm:p-8">
        <h2 id="careers-openings" className="text-2xl font-bold text-ink">
          {careers.openings.title}
        </h2>
        <p className="mt-3 max-w-3xl text-ink">{careers.openings.body}</p>
      </section>

      <Section id="careers-reasons" title={careers.reasons.title}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map((reason) => (
            <li key={reason} className={cardClass}>
              <Icon name={REASON_ICONS[reason]} />
              <h3 className="mt-3 font-semibold text-ink">{careers.reasons.items[reason].title}</h3>
              <p className="mt-2 text-sm text-muted">{careers.reasons.items[reason].body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="careers-philosophy" className="mt-12 rounded-3xl bg-brand-50 p-6 sm:p-10">
        <h2 id="careers-philosophy" className="text-2xl font-bold text-ink">
          {careers.philosophy.title}
        </h2>
        {careers.philosophy.paragraphs.map((text) => (
          <p key={text} className="mt-3 max-w-3xl text-ink">
            {text}
          </p>
        ))}
        <dl className="mt-8 grid grid-cols-3 gap-3 text-center">
          {careers.philosophy.facts.map((fact) => (
            <div key={fact.label} className="flex flex-col-reverse rounded-2xl bg-white px-2 py-5 shadow-sm ring-1 ring-black/5">
              <dt className="mt-1 text-sm text-muted">{fact.label}</dt>
              <dd className="text-2xl font-bold text-brand-700 sm:text-4xl">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="careers-profiles" title={careers.profiles.title}>
        <p className="mt-2 text-muted">{careers.profiles.intro}</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {PROFILES.map((profile) => (
            <li key={profile} className={cardClass}>
              <h3 className="font-semibold text-ink">{careers.profiles.items[profile].title}</h3>
              <p className="mt-2 text-sm text-muted">{careers.profiles.items[profile].body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="careers-contact" className={`mt-12 ${cardClass} sm:p-8`}>
        <h2 id="careers-contact" className="text-2xl font-bold text-ink">
          {careers.contact.title}
        </h2>
        <p className="mt-3 max-w-3xl text-muted">{careers.contact.body}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <a href={mailto(careers.contact.mailSubject)} className={buttonClass('primary')}>
            {careers.contact.mailLabel}
          </a>
          <Link to="/contact" className={buttonClass('secondary')}>
            {careers.contact.contactLabel}
          </Link>
        </div>
      </section>
    </main>
  );
}
