import { articleIn, type HelpArticleMeta } from './catalog';
import type { HelpArticle, HelpContent, HelpStep } from './types';

/** The anchor of step `index` (0-based): step1, step2… */
export function stepAnchor(index: number): string {
  return `step${index + 1}`;
}

/** The table of contents, derived from the steps. */
export function tocOf(steps: readonly HelpStep[]): HelpArticle['toc'] {
  return steps.map((s, i) => ({ id: stepAnchor(i), title: s.title }));
}

export function buildArticle(content: HelpContent, meta: HelpArticleMeta): HelpArticle {
  const text = content.articles[meta.id];
  return { ...meta, ...text, toc: tocOf(text.steps) };
}

/** The article `id` of `category` in the content's language, if it exists there. */
export function findArticle(content: HelpContent, category: string | undefined, id: string | undefined): HelpArticle | undefined {
  const meta = articleIn(category, id);
  return meta && buildArticle(content, meta);
}
