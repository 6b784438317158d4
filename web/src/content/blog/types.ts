/** Blog data (spec §3 "Blog post"): language-independent metadata plus texts per language. */

export type BlogCategory = 'coparenting' | 'tips' | 'technology' | 'legal' | 'wellbeing' | 'updates';
export type BlogFilterCategory = 'all' | BlogCategory;

/** The chips of the list view, in order (spec §2 "Blog"). */
export const BLOG_FILTERS: readonly BlogFilterCategory[] = ['all', 'coparenting', 'tips', 'technology', 'legal', 'wellbeing', 'updates'];

export type PostId = 'communication' | 'technology' | 'wellbeing' | 'legal';

/** A block of a post body: structured text rendered by React (no HTML strings). */
export type Block =
  | { type: 'h2'; text: string }
  | { type: 'h3'; text: string }
  | { type: 'p'; text: string }
  | { type: 'ul'; items: string[] }
  | { type: 'ol'; items: string[] }
  | { type: 'note'; text: string };

export interface PostMeta {
  id: PostId;
  /** One slug shared by both languages. */
  slug: string;
  /** ISO date (YYYY-MM-DD). */
  publishedAt: string;
  /** Minutes. */
  readTime: number;
  category: BlogCategory;
  featured: boolean;
  image?: string;
}

export interface PostText {
  title: string;
  excerpt: string;
  metaDescription: string;
  tags: string[];
  content: Block[];
}

export interface BlogPost extends PostMeta, PostText {
  author: string;
}

export interface BlogTexts {
  ui: {
    title: string;
    lead: string;
    metaDescription: string;
    searchLabel: string;
    searchPlaceholder: string;
    categoriesLabel: string;
    categories: Record<BlogFilterCategory, string>;
    featured: string;
    allPosts: string;
    results: string;
    resultCount: (n: number) => string;
    noPosts: string;
    noPostsHint: string;
    showAll: string;
    /** An address under /blog that names no post. */
    postMissingTitle: string;
    postMissingBody: string;
    readMore: string;
    minRead: (minutes: number) => string;
    by: string;
    publishedOn: string;
    tags: string;
    share: string;
    shareOn: { twitter: string; facebook: string; linkedin: string };
    related: string;
    backToBlog: string;
  };
  author: string;
  posts: Record<PostId, PostText>;
}
