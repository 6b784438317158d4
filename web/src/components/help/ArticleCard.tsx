import { Link } from 'react-router';
import { articlePath, type HelpArticleMeta } from '../../content/help/catalog';
import { useHelpContent } from './useHelpContent';

/** An article's card in a grid: its category, title and reading time, linking to it. */
export function ArticleCard({ meta }: { meta: HelpArticleMeta }) {
  const { content } = useHelpContent();
  return (
    <Link
      to={articlePath(meta)}
      className="flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 transition hover:ring-brand-200"
    >
      <span className="text-xs font-semibold uppercase tracking-wide text-brand-700">{content.categories[meta.category].title}</span>
      <span className="mt-1 font-semibold text-ink">{content.articles[meta.id].title}</span>
      <span className="mt-auto pt-2 text-sm text-muted">{content.ui.readTime(meta.readTime)}</span>
    </Link>
  );
}
