/**
 * The structure of the help centre (spec §2 "Help centre", §3 "Help article"): categories in
 * display order and every article's language-independent data. The texts live in es.ts / en.ts,
 * keyed by these ids. Everything else (counts, popular topics, paths for the sitemap) is derived
 * from here, so there is one list only.
 */

import type { Area } from '../../lib/areas.ts';

export const HELP_CATEGORY_IDS = [
  'getting-started',
  'account',
  'communication',
  'calendar',
  'expenses',
  'documents',
  'troubleshooting',
] as const;

export type HelpCategoryId = (typeof HELP_CATEGORY_IDS)[number];

export const HELP_ARTICLE_IDS = [
  'create-account',
  'invite-coparent',
  'first-steps',
  'change-password',
  'notification-settings',
  'profile-setup',
  'send-message',
  'share-photos',
  'create-event',
  'custody-schedule',
  'add-expense',
  'split-expenses',
  'upload-doc',
  'organize-doc',
  'login-issues',
  'notification-issues',
] as const;

export type HelpArticleId = (typeof HELP_ARTICLE_IDS)[number];

export interface HelpArticleMeta {
  id: HelpArticleId;
  category: HelpCategoryId;
  /** Minutes. */
  readTime: number;
  /** ISO date (YYYY-MM-DD). */
  lastUpdated: string;
  /** Ids of related articles; a resolver skips any id without an article. */
  related: readonly string[];
  /** The product area the article explains; it may say "coming soon" only while that area is not live. */
  area?: Area;
}

export const HELP_ARTICLES: readonly HelpArticleMeta[] = [
  { id: 'create-account', category: 'getting-started', readTime: 3, lastUpdated: '2026-11-23', related: ['first-steps', 'invite-coparent', 'login-issues'] },
  { id: 'invite-coparent', category: 'getting-started', readTime: 2, lastUpdated: '2026-11-23', related: ['create-account', 'send-message', 'custody-schedule'], area: 'coparents' },
  { id: 'first-steps', category: 'getting-started', readTime: 4, lastUpdated: '2026-10-20', related: ['create-account', 'profile-setup', 'share-photos'] },
  { id: 'change-password', category: 'account', readTime: 4, lastUpdated: '2026-11-23', related: ['login-issues', 'profile-setup'] },
  { id: 'notification-settings', category: 'account', readTime: 5, lastUpdated: '2026-11-24', related: ['notification-issues', 'profile-setup'], area: 'notifications' },
  { id: 'profile-setup', category: 'account', readTime: 3, lastUpdated: '2026-11-23', related: ['change-password', 'first-steps'] },
  { id: 'send-message', category: 'communication', readTime: 6, lastUpdated: '2026-11-24', related: ['share-photos', 'invite-coparent', 'notification-settings'], area: 'messaging' },
  { id: 'share-photos', category: 'communication', readTime: 3, lastUpdated: '2026-11-24', related: ['send-message', 'first-steps', 'upload-doc'], area: 'messaging' },
  { id: 'create-event', category: 'calendar', readTime: 5, lastUpdated: '2026-11-24', related: ['custody-schedule', 'notification-settings'], area: 'calendar' },
  { id: 'custody-schedule', category: 'calendar', readTime: 6, lastUpdated: '2026-11-24', related: ['create-event', 'send-message', 'split-expenses'], area: 'calendar' },
  { id: 'add-expense', category: 'expenses', readTime: 6, lastUpdated: '2026-08-22', related: ['split-expenses', 'upload-doc'], area: 'expenses' },
  { id: 'split-expenses', category: 'expenses', readTime: 5, lastUpdated: '2026-08-22', related: ['add-expense', 'custody-schedule'], area: 'expenses' },
  { id: 'upload-doc', category: 'documents', readTime: 3, lastUpdated: '2026-09-02', related: ['organize-doc', 'share-photos'], area: 'documents' },
  { id: 'organize-doc', category: 'documents', readTime: 4, lastUpdated: '2026-09-02', related: ['upload-doc', 'add-expense'], area: 'documents' },
  { id: 'login-issues', category: 'troubleshooting', readTime: 4, lastUpdated: '2026-11-23', related: ['change-password', 'create-account', 'notification-issues'] },
  { id: 'notification-issues', category: 'troubleshooting', readTime: 4, lastUpdated: '2026-11-24', related: ['notification-settings', 'login-issues'], area: 'notifications' },
];

/** The "popular topics" of the help centre, in order. */
export const POPULAR_ARTICLE_IDS: readonly HelpArticleId[] = [
  'create-account',
  'invite-coparent',
  'change-password',
  'create-event',
  'add-expense',
];

export function isHelpCategory(value: string | undefined): value is HelpCategoryId {
  return (HELP_CATEGORY_IDS as readonly string[]).includes(value ?? '');
}

export function articlesOf(category: string | undefined): HelpArticleMeta[] {
  return HELP_ARTICLES.filter((a) => a.category === category);
}

export function articleMeta(id: string | undefined): HelpArticleMeta | undefined {
  return HELP_ARTICLES.find((a) => a.id === id);
}

/** The article `id` only if it belongs to `category`. */
export function articleIn(category: string | undefined, id: string | undefined): HelpArticleMeta | undefined {
  const meta = articleMeta(id);
  return meta && meta.category === category ? meta : undefined;
}

/** Related ids that have an article, in order; unknown ids and the article itself are skipped. */
export function resolveRelated(ids: readonly string[], self?: string): HelpArticleMeta[] {
  return ids.flatMap((id) => {
    const meta = id === self ? undefined : articleMeta(id);
    return meta ? [meta] : [];
  });
}

export function categoryPath(category: HelpCategoryId): string {
  return `/help/${category}`;
}

export function articlePath(meta: Pick<HelpArticleMeta, 'category' | 'id'>): string {
  return `/help/${meta.category}/${meta.id}`;
}

/** Every help-centre path (for the sitemap): /help, each category, each article. */
export const HELP_PATHS: readonly string[] = [
  '/help',
  ...HELP_CATEGORY_IDS.map(categoryPath),
  ...HELP_ARTICLES.map(articlePath),
];
