import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';
import type { BlogPost, BlogTexts } from '../../../content/blog/types';
import { formatDate } from '../../../lib/dates';

/** A post in a grid: the whole card is clickable through its title link. */
export function PostCard({ post, ui, large = false }: { post: BlogPost; ui: BlogTexts['ui']; large?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <article className="relative flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 transition-shadow hover:shadow-md">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{ui.categories[post.category]}</p>
      <h3 className={`mt-2 font-bold text-ink ${large ? 'text-xl sm:text-2xl' : 'text-lg'}`}>
        <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700">
          {post.title}
        </Link>
      </h3>
      <p className="mt-3 flex-1 text-muted">{post.excerpt}</p>
      <p className="mt-4 text-sm text-muted">
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, i18n.language)}</time>
        <span aria-hidden="true"> · </span>
        {ui.minRead(post.readTime)}
      </p>
      <p aria-hidden="true" className="mt-3 text-sm font-semibold text-brand-700">
        {ui.readMore} →
      </p>
    </article>
  );
}
