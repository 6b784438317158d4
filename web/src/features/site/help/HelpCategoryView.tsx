import { Link } from 'react-router';
import { articlePath, articlesOf, isHelpCategory } from '../../../content/help/catalog';
import { buttonClass } from '../../../components/Button';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { CategoryIcon } from '../../../components/help/CategoryIcon';
import { useHelpContent } from '../../../components/help/useHelpContent';

/**
 * The articles of one help category (/help/{category}); also shown for an unknown article id.
 * An unknown category gives an empty list with a way back.
 */
export function HelpCategoryView({ category, notice }: { category: string | undefined; notice?: string }) {
  const { content, formatDate } = useHelpContent();
  const { ui } = content;
  const known = isHelpCategory(category);
  const text = known ? content.categories[category] : undefined;
  const articles = known ? articlesOf(category) : [];
  usePageMeta(text?.title ?? ui.unknownCategoryTitle, text?.description ?? ui.unknownCategoryBody);

  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <PageHeader title={text?.title ?? ui.unknownCategoryTitle} lead={text?.description} back="/help" backLabel={ui.backToHelp}>
        {known && <p className="mt-4 text-sm font-medium text-muted">{ui.articleCount(articles.length)}</p>}
      </PageHeader>

      {notice && (
        <p role="status" className="mb-6 rounded-2xl bg-sand-100 p-4 text-ink">
          {notice}
        </p>
      )}

      {known ? (
        <section aria-label={ui.articlesIn(text!.title)}>
          <ul className="space-y-4">
            {articles.map((meta) => {
              const article = content.articles[meta.id];
              return (
                <li key={meta.id}>
                  <Link
                    to={articlePath(meta)}
                    className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 transition hover:ring-brand-200 sm:p-6"
                  >
                    <CategoryIcon category={meta.category} className="hidden sm:flex" />
                    <div className="min-w-0">
                      <h2 className="text-lg font-semibold text-ink">{article.title}</h2>
                      <p className="mt-1 text-muted">{article.excerpt}</p>
                      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                        <span>{ui.readTime(meta.readTime)}</span>
                        <span>{ui.updated(formatDate(meta.lastUpdated))}</span>
                      </p>
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : (
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
          <p className="text-muted">{ui.unknownCategoryBody}</p>
          <Link to="/help" className={`${buttonClass('secondary')} mt-5`}>
            {ui.backToHelp}
          </Link>
        </div>
      )}
    </main>
  );
}
