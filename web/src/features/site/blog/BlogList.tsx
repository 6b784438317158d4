import { useId, useState } from 'react';
import { useHydrated } from '../../../lib/useHydrated';
import { BLOG_FILTERS, type BlogFilterCategory, type BlogPost, type BlogTexts } from '../../../content/blog/types';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { filterPosts } from './filter';
import { PostCard } from './PostCard';

/** The list view of /blog: search, category chips, featured posts and the results grid. */
export function BlogList({ posts, ui, missing = false }: { posts: readonly BlogPost[]; ui: BlogTexts['ui']; missing?: boolean }) {
  const hydrated = useHydrated();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<BlogFilterCategory>('all');
  const searchId = useId();
  usePageMeta(missing ? ui.postMissingTitle : ui.title, ui.metaDescription);

  const filtering = search.trim() !== '' || category !== 'all';
  const results = filterPosts(posts, search, category);
  const featured = posts.filter((post) => post.featured);

  const reset = () => {
    setSearch('');
    setCategory('all');
  };

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      {missing ? <PageHeader title={ui.postMissingTitle} lead={ui.postMissingBody} back="/blog" backLabel={ui.showAll} /> : <PageHeader title={ui.title} lead={ui.lead} />}

      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 sm:p-6">
        <label htmlFor={searchId} className="block text-sm font-semibold text-ink">
          {ui.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          // Prerendered: off until the page runs, so nothing typed before is silently lost.
          disabled={!hydrated}
          placeholder={ui.searchPlaceholder}
          className="mt-2 w-full rounded-xl border border-sand-200 bg-sand-50 px-4 py-2.5 text-ink placeholder:text-muted focus:border-brand-500"
        />
        <div role="group" aria-label={ui.categoriesLabel} className="mt-4 flex flex-wrap gap-2">
          {BLOG_FILTERS.map((filter) => {
            const active = filter === category;
            return (
              <button
                key={filter}
                type="button"
                aria-pressed={active}
                onClick={() => setCategory(filter)}
                className={`rounded-full px-3.5 py-1.5 text-sm font-medium transition-colors ${
                  active ? 'bg-brand-600 text-white' : 'bg-sand-100 text-ink hover:bg-brand-50 hover:text-brand-700'
                }`}
              >
                {ui.categories[filter]}
              </button>
            );
          })}
        </div>
      </div>

      {!filtering && featured.length > 0 && (
        <section aria-labelledby="blog-featured" className="mt-10">
          <h2 id="blog-featured" className="text-2xl font-bold text-ink">
            {ui.featured}
          </h2>
          <div className="mt-5 grid gap-4 md:grid-cols-2">
            {featured.map((post) => (
              <PostCard key={post.id} post={post} ui={ui} large />
            ))}
          </div>
        </section>
      )}

      <section aria-labelledby="blog-results" className="mt-10">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="blog-results" className="text-2xl font-bold text-ink">
            {filtering ? ui.results : ui.allPosts}
          </h2>
          <p aria-live="polite" className="text-sm text-muted">
            {ui.resultCount(results.length)}
          </p>
        </div>
        {results.length > 0 ? (
          <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {results.map((post) => (
              <PostCard key={post.id} post={post} ui={ui} />
            ))}
          </div>
        ) : (
          <div className="mt-5 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-black/5">
            <p className="font-semibold text-ink">{ui.noPosts}</p>
            <p className="mt-1 text-muted">{ui.noPostsHint}</p>
            <button type="button" onClick={reset} className="mt-4 text-sm font-semibold text-brand-700 underline">
              {ui.showAll}
            </button>
          </div>
        )}
      </section>
    </main>
  );
}
