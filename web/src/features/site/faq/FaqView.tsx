import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../../../lib/useHydrated';
import { buttonClass } from '../../../components/Button';
import { filterFaq } from '../../../content/faq/filter';
import { FAQ_TABS, type FaqContent, type FaqTabId } from '../../../content/faq/types';
import { PageHeader } from '../PageHeader';

/**
 * The FAQ (spec §2): four tabs of question/answer accordions, one open at a time, and a search
 * over the current tab's questions and answers.
 */
export function FaqView({ content }: { content: FaqContent }) {
  const hydrated = useHydrated();
  const { ui } = content;
  const [tab, setTab] = useState<FaqTabId>('general');
  const [open, setOpen] = useState<number | null>(null);
  const [query, setQuery] = useState('');

  const select = (next: FaqTabId) => {
    setTab(next);
    setOpen(null);
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = FAQ_TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: FAQ_TABS.length - 1 };
    const move = moves[e.key];
    const next = move === undefined ? undefined : FAQ_TABS[(move + FAQ_TABS.length) % FAQ_TABS.length];
    if (!next) return;
    e.preventDefault();
    select(next);
    document.getElementById(`faq-tab-${next}`)?.focus();
  };

  const items = content.tabs[tab].items;
  const shown = filterFaq(items, query);

  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <PageHeader title={ui.title} lead={ui.lead} />

      <div role="tablist" aria-label={ui.tabsLabel} className="-m-1.5 flex gap-2 overflow-x-auto p-1.5">
        {FAQ_TABS.map((id) => {
          const selected = id === tab;
          return (
            <button
              key={id}
              type="button"
              role="tab"
              id={`faq-tab-${id}`}
              aria-selected={selected}
              aria-controls={`faq-panel-${id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(id)}
              onKeyDown={onTabKey}
              className={`shrink-0 rounded-xl px-4 py-2 text-sm font-semibold transition-colors ${
                selected ? 'bg-brand-600 text-white' : 'bg-white text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50'
              }`}
            >
              {content.tabs[id].label}
            </button>
          );
        })}
      </div>

      <form role="search" className="mt-6 max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="faq-search" className="block text-sm font-semibold text-ink">
          {ui.searchLabel}
        </label>
        <input
          id="faq-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          // Prerendered: off until the page runs, so nothing typed before is silently lost.
          disabled={!hydrated}
          placeholder={ui.searchPlaceholder}
          autoComplete="off"
          className="mt-2 w-full rounded-xl border border-brand-200 bg-white px-4 py-3 text-base text-ink placeholder:text-muted"
        />
      </form>

      {FAQ_TABS.map((id) => (
        <div key={id} role="tabpanel" id={`faq-panel-${id}`} aria-labelledby={`faq-tab-${id}`} hidden={id !== tab} className="mt-6">
          {id === tab &&
            (shown.length > 0 ? (
              <ul className="space-y-3">
                {shown.map((item) => {
                  const index = items.indexOf(item);
                  const expanded = open === index;
                  const qid = `faq-${id}-${index}`;
                  return (
                    <li key={qid} className="rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
                      <h2>
                        <button
                          type="button"
                          id={`${qid}-q`}
                          aria-expanded={expanded}
                          aria-controls={`${qid}-a`}
                          onClick={() => setOpen(expanded ? null : index)}
                          className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-ink hover:bg-sand-50"
                        >
                          {item.question}
                          <svg
                            aria-hidden="true"
                            width="20"
                            height="20"
                            viewBox="0 0 24 24"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="2"
                            className={`shrink-0 text-brand-700 transition-transform ${expanded ? 'rotate-180' : ''}`}
                          >
                            <path d="M6 9l6 6 6-6" />
                          </svg>
                        </button>
                      </h2>
                      <div id={`${qid}-a`} role="region" aria-labelledby={`${qid}-q`} hidden={!expanded} className="px-5 pb-5 leading-relaxed text-muted">
                        <p>{item.answer}</p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p role="status" className="rounded-2xl bg-white p-6 text-muted shadow-sm ring-1 ring-black/5">
                {items.length === 0 ? ui.noItems : ui.noMatches}
              </p>
            ))}
        </div>
      ))}

      <aside aria-labelledby="faq-more" className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-8">
        <h2 id="faq-more" className="text-xl font-bold text-ink">
          {ui.moreTitle}
        </h2>
        <p className="mt-2 text-muted">{ui.moreBody}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/contact" className={buttonClass('primary')}>
            {ui.contactCta}
          </Link>
          <Link to="/help" className={buttonClass('secondary')}>
            {ui.helpCta}
          </Link>
        </div>
      </aside>
    </main>
  );
}
