import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';
import type { BlogPost, BlogTexts } from '../../../content/blog/types';
import { PageHeader } from '../PageHeader';
import { usePageMeta } from '../usePageMeta';
import { formatDate } from '../../../lib/dates';
import { relatedPosts, SHARE_NETWORKS, shareUrl, type ShareNetwork } from './filter';
import { PostBody } from './PostBody';
import { PostCard } from './PostCard';

const NETWORK_NAMES: Record<ShareNetwork, string> = { twitter: 'X', facebook: 'Facebook', linkedin: 'LinkedIn' };

/** Opens the network's share page for the current address in a new window; a failure is only logged. */
function share(network: ShareNetwork, title: string) {
  try {
    window.open(shareUrl(network, window.location.href, title), '_blank', 'noopener');
  } catch (error) {
    console.error('Could not open the share window', error);
  }
}

/** One post at /blog/{slug}. */
export function BlogPostView({ post, posts, ui }: { post: BlogPost; posts: readonly BlogPost[]; ui: BlogTexts['ui'] }) {
  const { i18n } = useTranslation();
  usePageMeta(post.title, post.metaDescription);
  const related = relatedPosts(posts, post);

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <article>
        <PageHeader title={post.title} lead={post.excerpt} back="/blog" backLabel={ui.backToBlog}>
          <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-brand-700">{ui.categories[post.category]}</p>
          <p className="mt-2 text-sm text-muted">
            {ui.by} <span className="font-semibold text-ink">{post.author}</span>
            <span aria-hidden="true"> · </span>
            {ui.publishedOn} <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, i18n.language)}</time>
            <span aria-hidden="true"> · </span>
            {ui.minRead(post.readTime)}
          </p>
          <ul aria-label={ui.tags} className="mt-4 flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-sand-100 px-3 py-1 text-xs font-medium text-ink">
                {tag}
              </li>
            ))}
          </ul>
          <div role="group" aria-labelledby="share-label" className="mt-5 flex flex-wrap items-center gap-2">
            <span id="share-label" className="text-sm font-semibold text-ink">
              {ui.share}
            </span>
            {SHARE_NETWORKS.map((network) => (
              <button
                key={network}
                type="button"
                aria-label={ui.shareOn[network]}
                onClick={() => share(network, post.title)}
                className="rounded-full border border-brand-200 bg-white px-3.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                {NETWORK_NAMES[network]}
              </button>
            ))}
          </div>
        </PageHeader>

        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-10">
          <PostBody blocks={post.content} />
        </div>
      </article>

      <section aria-labelledby="related-posts" className="mt-12">
        <h2 id="related-posts" className="text-2xl font-bold text-ink">
          {ui.related}
        </h2>
        <div className="mt-5 grid gap-4 md:grid-cols-2">
          {related.map((other) => (
            <PostCard key={other.id} post={other} ui={ui} />
          ))}
        </div>
      </section>

      <p className="mt-10">
        <Link to="/blog" className="text-sm font-medium text-brand-700 hover:underline">
          ← {ui.backToBlog}
        </Link>
      </p>
    </main>
  );
}
