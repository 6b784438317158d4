import { useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../../../lib/useHydrated';
import { articleMeta, articlePath, articlesOf, categoryPath, HELP_CATEGORY_IDS, POPULAR_ARTICLE_IDS } from '../../../content/help/catalog';
import { filterCategories } from '../../../content/help/filter';
import { buttonClass } from '../../../components/Button';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { CategoryIcon } from './CategoryIcon';
import { useHelpContent } from './useHelpContent';

/** /help: search, popular topics, the seven categories and a way to reach support. */
export default function HelpPage() {
  const hydrated = useHydrated();
  const { content } = useHelpContent();
  const { ui } = content;
  usePageMeta(ui.title, ui.metaDescription);
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';

  const cards = HELP_CATEGORY_IDS.map((id) => ({ id, ...content.categories[id], count: articlesOf(id).length }));
  const shown = filterCategories(cards, query);
  const popular = POPULAR_ARTICLE_IDS.flatMap((id) => {
    const meta = articleMeta(id);
    return meta ? [meta] : [];
  });

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader title={ui.title} lead={ui.lead}>
        <form role="search" className="mt-6 max-w-xl" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="help-search" className="block text-sm font-semibold text-ink">
            {ui.searchLabel}
          </label>
          <input
            id="help-search"
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
      </PageHeader>

      {!searching && (
        <section aria-labelledby="help-popular" className="mb-12">
          <h2 id="help-popular" className="text-xl font-bold text-ink">
            {ui.popularTitle}
          </h2>
          <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {popular.map((meta) => (
              <li key={meta.id}>
                <Link
                  to={articlePath(meta)}
                  className="flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 transition hover:ring-brand-200"
                >
                  <span className="text-xs font-semibold uppercase tracking-wide text-brand-700">{content.categories[meta.category].title}</span>
                  <span className="mt-1 font-semibold text-ink">{content.articles[meta.id].title}</span>
                  <span className="mt-auto pt-2 text-sm text-muted">{ui.readTime(meta.readTime)}</span>
                </Link>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section aria-labelledby="help-categories">
        <h2 id="help-categories" className="text-xl font-bold text-ink">
          {ui.categoriesTitle}
        </h2>
        <p role="status" className="sr-only">
          {searching ? ui.results(shown.length) : ''}
        </p>
        {shown.length > 0 ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((c) => (
              <li key={c.id}>
                <Link
                  to={categoryPath(c.id)}
                  className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 transition hover:ring-brand-200"
                >
                  <CategoryIcon category={c.id} />
                  <h3 className="mt-4 text-lg font-semibold text-ink">{c.title}</h3>
                  <p className="mt-1 text-muted">{c.description}</p>
                  <p className="mt-auto pt-4 text-sm font-medium text-brand-700">{ui.articleCount(c.count)}</p>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
            <p className="font-semibold text-ink">{ui.noResults(query.trim())}</p>
            <p className="mt-1 text-muted">{ui.noResultsHint}</p>
          </div>
        )}
      </section>

      <aside aria-labelledby="help-contact" className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-8">
        <h2 id="help-contact" className="text-xl font-bold text-ink">
          {ui.contactTitle}
        </h2>
        <p className="mt-2 max-w-2xl text-muted">{ui.contactBody}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/contact" className={buttonClass('primary')}>
            {ui.contactCta}
          </Link>
          <Link to="/faq" className={buttonClass('secondary')}>
            {ui.faqCta}
          </Link>
        </div>
      </aside>
    </main>
  );
}
