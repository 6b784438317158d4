import type { BlogFilterCategory } from '../../../content/blog/types';

interface Filterable {
  title: string;
  excerpt: string;
  category: string;
}

/** Lower case without accents, so "comunicacion" finds "Comunicación". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase();
}

/**
 * Spec §5 "Blog filter": the search text must appear (case-insensitive) in the title or the excerpt,
 * AND the category must equal the selection unless it is "all".
 */
export function filterPosts<T extends Filterable>(posts: readonly T[], search: string, category: BlogFilterCategory): T[] {
  const needle = fold(search.trim());
  return posts.filter((post) => {
    const matchesText = needle === '' || fold(post.title).includes(needle) || fold(post.excerpt).includes(needle);
    const matchesCategory = category === 'all' || post.category === category;
    return matchesText && matchesCategory;
  });
}

/** Spec §2 "Blog post": the related posts are the first two other posts. */
export function relatedPosts<T extends { id: string }>(posts: readonly T[], current: T, count = 2): T[] {
  return posts.filter((post) => post.id !== current.id).slice(0, count);
}

export type ShareNetwork = 'twitter' | 'facebook' | 'linkedin';
export const SHARE_NETWORKS: readonly ShareNetwork[] = ['twitter', 'facebook', 'linkedin'];

/** The share link of each network for a page address (spec §7: text and url, u, or url). */
export function shareUrl(network: ShareNetwork, pageUrl: string, title: string): string {
  const url = encodeURIComponent(pageUrl);
  switch (network) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${url}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
  }
}
