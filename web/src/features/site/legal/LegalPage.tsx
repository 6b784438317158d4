import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';
import { legalEn } from '../../../content/legal/en';
import { legalEs } from '../../../content/legal/es';
import { CONTACT_EMAIL, LEGAL_DOCS, LEGAL_PATHS, LEGAL_UPDATED, type LegalBlock, type LegalDocId, type LegalSection } from '../../../content/legal/types';
import { useLocalized } from '../../../content/localized';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { formatDate } from '../../../lib/dates';
import { useHashScroll } from '../useHashScroll';

export type LegalDoc = LegalDocId;

/** Plain text with the contact address turned into a mail link. */
function Text({ children }: { children: string }) {
  const parts = children.split(CONTACT_EMAIL);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>}
    </Fragment>
  ));
}

const bare = { listStyle: 'none', paddingLeft: 0 } as const;

function Block({ block, policyOf }: { block: LegalBlock; policyOf: string }): ReactNode {
  switch (block.kind) {
    case 'p':
      return (
        <p>
          <Text>{block.text}</Text>
        </p>
      );
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>
              <Text>{item}</Text>
            </li>
          ))}
        </ul>
      );
    case 'terms':
      return (
        <dl className="mt-3 space-y-3">
          {block.items.map((item) => (
            <div key={item.term} className="rounded-xl bg-white px-4 py-3 ring-1 ring-black/5">
              <dt className="font-semibold text-ink">{item.term}</dt>
              <dd className="mt-0.5 text-ink/90">
                <Text>{item.text}</Text>
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'parties':
      return (
        <ul style={bare} className="space-y-3">
          {block.items.map((party) => (
            <li key={party.name} className="rounded-xl bg-white px-4 py-3 ring-1 ring-black/5">
              <span className="block font-semibold text-ink">{party.name}</span>
              <span className="block">{party.purpose}</span>
              <a href={party.policyUrl} rel="noopener noreferrer">
                {policyOf} {party.name}
              </a>
            </li>
          ))}
        </ul>
      );
    case 'links':
      return (
        <ul style={bare} className="flex flex-wrap gap-2">
          {block.items.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      );
    case 'note':
      return (
        <p className="rounded-xl border-l-4 border-brand-500 bg-brand-50 px-4 py-3 text-ink">
          <Text>{block.text}</Text>
        </p>
      );
  }
}

function Section({ section, policyOf, backToTop }: { section: LegalSection; policyOf: string; backToTop: string }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-heading`} tabIndex={-1} className="scroll-mt-24 rounded-lg">
      <h2 id={`${section.id}-heading`} className="text-ink">
        {section.heading}
      </h2>
      {section.blocks.map((block, i) => (
        <Block key={i} block={block} policyOf={policyOf} />
      ))}
      <p className="text-sm lg:hidden">
        <a href="#contents">↑ {backToTop}</a>
      </p>
    </section>
  );
}

/** One of the six legal documents: title, update date, table of contents and the sections. */
export default function LegalPage({ doc }: { doc: LegalDoc }) {
  const { i18n } = useTranslation();
  const { ui, docs } = useLocalized({ es: legalEs, en: legalEn });
  const current = docs[doc];
  usePageMeta(current.title, current.summary);
  useHashScroll();

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader title={current.title} lead={current.summary}>
        <p className="mt-3 text-sm text-muted">
          {ui.lastUpdated}: <time dateTime={LEGAL_UPDATED}>{formatDate(LEGAL_UPDATED, i18n.language)}</time>
        </p>
      </PageHeader>

      <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-12">
        <nav id="contents" aria-labelledby="contents-heading" tabIndex={-1} className="mb-10 scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 lg:sticky lg:top-24 lg:mb-0 lg:max-h-[calc(100vh-8rem)] lg:overflow-y-auto">
          <h2 id="contents-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
            {ui.contents}
          </h2>
          <ol className="mt-3 space-y-0.5 text-sm">
            {current.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="block rounded-lg px-2 py-1.5 text-ink hover:bg-brand-50 hover:text-brand-700">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="prose-nido min-w-0 text-ink/90">
          {current.sections.map((section) => (
            <Section key={section.id} section={section} policyOf={ui.privacyPolicyOf} backToTop={ui.backToTop} />
          ))}

          <nav aria-labelledby="other-docs-heading" className="mt-12 border-t border-sand-200 pt-6">
            <h2 id="other-docs-heading" className="text-ink">
              {ui.otherDocuments}
            </h2>
            <ul style={bare} className="flex flex-wrap gap-2">
              {LEGAL_DOCS.filter((other) => other !== doc).map((other) => (
                <li key={other}>
                  <Link to={LEGAL_PATHS[other]} className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium">
                    {docs[other].title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </article>
      </div>
    </main>
  );
}
