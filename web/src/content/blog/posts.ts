import type { BlogPost, BlogTexts, PostMeta } from './types';

/**
 * The four posts of spec §3, in the order the blog lists them. Slugs are shared by both languages;
 * the texts live in es.ts / en.ts.
 */
export const POST_META: readonly PostMeta[] = [
  {
    id: 'communication',
    slug: 'comunicacion-efectiva-coparentalidad',
    publishedAt: '2025-03-18',
    readTime: 8,
    category: 'coparenting',
    featured: true,
  },
  {
    id: 'technology',
    slug: 'tecnologia-coparentalidad',
    publishedAt: '2025-05-13',
    readTime: 6,
    category: 'technology',
    featured: false,
  },
  {
    id: 'wellbeing',
    slug: 'bienestar-emocional-hijos-separacion',
    publishedAt: '2025-08-26',
    readTime: 10,
    category: 'wellbeing',
    featured: true,
  },
  {
    id: 'legal',
    slug: 'aspectos-legales-coparentalidad-argentina',
    publishedAt: '2025-10-21',
    readTime: 12,
    category: 'legal',
    featured: false,
  },
];

/** Every post's slug, for the sitemap (/blog/{slug}). */
export const BLOG_SLUGS: readonly string[] = POST_META.map((post) => post.slug);

/** Joins the metadata with one language's texts. */
export function buildPosts(texts: BlogTexts): BlogPost[] {
  return POST_META.map((meta) => ({ ...meta, ...texts.posts[meta.id], author: texts.author }));
}
