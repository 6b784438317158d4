import type { HelpArticleId, HelpArticleMeta, HelpCategoryId } from './catalog';

export interface HelpStep {
  title: string;
  /** One or more paragraphs. */
  content: string[];
  list?: string[];
  /** Shown as a callout. */
  tip?: string;
}

/** The texts of one article in one language; the rest is in catalog.ts. */
export interface HelpArticleText {
  title: string;
  excerpt: string;
  intro: string;
  steps: HelpStep[];
}

/** A whole article (spec §3): catalog data, texts and the table of contents derived from the steps. */
export interface HelpArticle extends HelpArticleMeta, HelpArticleText {
  toc: { id: string; title: string }[];
}

export interface HelpCategoryText {
  title: string;
  description: string;
}

export interface HelpUi {
  title: string;
  lead: string;
  metaDescription: string;
  searchLabel: string;
  searchPlaceholder: string;
  popularTitle: string;
  categoriesTitle: string;
  /** Screen-reader summary of the search. */
  results: (count: number) => string;
  /** Heading of the articles a search found. */
  articlesFound: string;
  articleResults: (count: number) => string;
  noResults: (query: string) => string;
  noResultsHint: string;
  articleCount: (count: number) => string;
  readTime: (minutes: number) => string;
  updated: (date: string) => string;
  contactTitle: string;
  contactBody: string;
  contactCta: string;
  faqCta: string;
  backToHelp: string;
  unknownCategoryTitle: string;
  unknownCategoryBody: string;
  unknownArticle: string;
  articlesIn: (category: string) => string;
  onThisPage: string;
  step: (n: number) => string;
  tip: string;
  save: string;
  print: string;
  share: string;
  copied: string;
  copyFailed: (url: string) => string;
  helpfulQuestion: string;
  yes: string;
  no: string;
  thanksYes: string;
  thanksNo: string;
  related: string;
}

export interface HelpContent {
  ui: HelpUi;
  categories: Record<HelpCategoryId, HelpCategoryText>;
  articles: Record<HelpArticleId, HelpArticleText>;
}
