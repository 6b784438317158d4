import { useState } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../../lib/useHydrated';
import { articleMeta, articlePath, articlesOf, categoryPath, HELP_ARTICLES, HELP_CATEGORY_IDS, POPULAR_ARTICLE_IDS } from '../../content/help/catalog';
import { filterArticles, filterCategories } from '../../content/help/filter';
import { CategoryIcon } from './CategoryIcon';
import { ArticleCard } from './ArticleCard';
import { useHelpContent } from './useHelpContent';

/**
 * The help centre's body: a search over every article's title, excerpt and text and over the
 * categories, the popular topics, and the categories. Shown on /help and on /profile/help.
 */
export function HelpCentre({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const hydrated = useHydrated();
  const { content } = useHelpContent();
  const { ui } = content;
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  const H = headingLevel === 2 ? 'h2' : 'h3';

  const cards = HELP_CATEGORY_IDS.map((id) => ({ id, ...content.categories[id], count: articlesOf(id).length }));
  const shown = filterCategories(cards, query);
  const articles = filterArticles(
    HELP_ARTICLES.map((meta) => ({ ...meta, ...content.articles[meta.id] })),
    query,
  );
  const popular = POPULAR_ARTICLE_IDS.flatMap((id) => {
    const meta = articleMeta(id);
    return meta ? [meta] : [];
  });

  return (
    <>
      <form role="search" className="mb-10 max-w-xl" onSubmit={(e) => e.preventDefault()}>
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

      <p role="status" className="sr-only">
        {searching ? `${ui.articleResults(articles.length)}. ${ui.results(shown.length)}` : ''}
      </p>

      {searching && articles.length > 0 && (
        <section aria-labelledby="help-articles" className="mb-12">
          <H id="help-articles" className="text-xl font-bold text-ink">
            {ui.articlesFound}
          </H>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {articles.map((a) => (
              <li key={a.id}>
                <Link to={articlePath(a)} className="flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 transition hover:ring-brand-200">
                  <span className="text-xs font-semibold uppercase tracking-wide text-brand-700">{content.categories[a.category].title}</span>
                  <span className="mt-1 font-semibold text-ink">{a.title}</span>
                  <span className="mt-1 text-sm text-muted">{a.excerpt}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {!searching && (
        <section aria-labelledby="help-popular" className="mb-12">
          <H id="help-popular" className="text-xl font-bold text-ink">
            {ui.popularTitle}
          </H>
          <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {popular.map((meta) => (
              <li key={meta.id}>
                <ArticleCard meta={meta} />
              </li>
            ))}
          </ol>
        </section>
      )}

      <section aria-labelledby="help-categories">
        <H id="help-categories" className="text-xl font-bold text-ink">
          {ui.categoriesTitle}
        </H>
        {shown.length > 0 ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((c) => (
              <li key={c.id}>
                <Link
                  to={categoryPath(c.id)}
                  className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 transition hover:ring-brand-200"
                >
                  <CategoryIcon category={c.id} />
                  <span className="mt-4 text-lg font-semibold text-ink">{c.title}</span>
                  <span className="mt-1 text-muted">{c.description}</span>
                  <span className="mt-auto pt-4 text-sm font-medium text-brand-700">{ui.articleCount(c.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : articles.length === 0 ? (
          <div className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
            <p className="font-semibold text-ink">{ui.noResults(query.trim())}</p>
            <p className="mt-1 text-muted">{ui.noResultsHint}</p>
          </div>
        ) : null}
      </section>
    </>
  );
}
