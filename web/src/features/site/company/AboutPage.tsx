import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button';
import { companyEn } from '../../../content/company/en';
import { companyEs } from '../../../content/company/es';
import { useLocalized } from '../../../content/localized';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { cardClass, FactList, Icon, mailto, Section, type IconName } from './ui';

const VALUES = ['privacy', 'simplicity', 'family', 'innovation'] as const;
const VALUE_ICONS: Record<(typeof VALUES)[number], IconName> = { privacy: 'lock', simplicity: 'sparkle', family: 'home', innovation: 'bulb' };

/** /about (spec §2 "Company pages"). */
export default function AboutPage() {
  const { about } = useLocalized({ es: companyEs, en: companyEn });
  usePageMeta(about.title, about.metaDescription);

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader title={about.title} lead={about.lead} />

      <section aria-labelledby="about-mission" className="rounded-3xl bg-brand-50 p-6 sm:p-10">
        <h2 id="about-mission" className="text-2xl font-bold text-ink">
          {about.mission.title}
        </h2>
        {about.mission.paragraphs.map((text) => (
          <p key={text} className="mt-3 max-w-3xl text-lg text-ink">
            {text}
          </p>
        ))}
      </section>

      <Section id="about-values" title={about.values.title}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value} className={cardClass}>
              <Icon name={VALUE_ICONS[value]} />
              <h3 className="mt-3 font-semibold text-ink">{about.values.items[value].title}</h3>
              <p className="mt-2 text-sm text-muted">{about.values.items[value].body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="about-story" title={about.story.title}>
        <div className="prose-nido mt-2 text-ink">
          {about.story.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      </Section>

      <div className="mt-12 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="about-founder" className={cardClass}>
          <h2 id="about-founder" className="text-2xl font-bold text-ink">
            {about.founder.title}
          </h2>
          <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-brand-700">{about.founder.role}</p>
          {about.founder.paragraphs.map((text) => (
            <p key={text} className="mt-3 text-muted">
              {text}
            </p>
          ))}
          <div className="mt-5 flex flex-wrap gap-3">
            <a href={mailto()} className={buttonClass('secondary')}>
              {about.founder.mailLabel}
            </a>
            <Link to="/contact" className={buttonClass('ghost')}>
              {about.founder.contactLabel}
            </Link>
          </div>
        </section>

        <section aria-labelledby="about-company" className={cardClass}>
          <h2 id="about-company" className="text-2xl font-bold text-ink">
            {about.company.title}
          </h2>
          {about.company.paragraphs.map((text) => (
            <p key={text} className="mt-3 text-muted">
              {text}
            </p>
          ))}
          <FactList facts={about.company.facts} className="mt-5" />
        </section>
      </div>

      <section aria-labelledby="about-team" className="mt-12 rounded-3xl bg-brand-700 p-6 text-white sm:p-10">
        <h2 id="about-team" className="text-2xl font-bold">
          {about.team.title}
        </h2>
        <p className="mt-3 max-w-2xl text-brand-50">{about.team.body}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={mailto()} className="inline-flex rounded-xl bg-white px-5 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            {about.team.mailLabel}
          </a>
          <Link to="/contact" className="inline-flex rounded-xl border border-white/60 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
            {about.team.contactLabel}
          </Link>
        </div>
      </section>
    </main>
  );
}
