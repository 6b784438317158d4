/**
 * Text search for the help centre and the FAQ (spec §5: case-insensitive). Accents and typographic
 * apostrophes are folded too, so "contrasena" finds "contraseña" and "can't" finds "can’t".
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase()
    .trim();
}

/** True when the query is blank or appears in any of the texts. */
export function matchesQuery(query: string, ...texts: string[]): boolean {
  const q = normalizeSearch(query);
  return q === '' || texts.some((t) => normalizeSearch(t).includes(q));
}

/** Help-centre category cards whose title or description contain the query; all when blank. */
export function filterCategories<T extends { title: string; description: string }>(categories: readonly T[], query: string): T[] {
  return categories.filter((c) => matchesQuery(query, c.title, c.description));
}

/** Every text of an article a reader could look for: title, excerpt, intro and each step. */
export function articleSearchTexts(article: { title: string; excerpt: string; intro: string; steps: readonly { title: string; content: readonly string[]; list?: readonly string[]; tip?: string }[] }): string[] {
  return [
    article.title,
    article.excerpt,
    article.intro,
    ...article.steps.flatMap((step) => [step.title, ...step.content, ...(step.list ?? []), step.tip ?? '']),
  ];
}

/**
 * Articles whose title, excerpt or body contain the query, those matching in the title first;
 * none for a blank query.
 */
export function filterArticles<T extends Parameters<typeof articleSearchTexts>[0]>(articles: readonly T[], query: string): T[] {
  if (normalizeSearch(query) === '') return [];
  const found = articles.filter((a) => matchesQuery(query, ...articleSearchTexts(a)));
  const inTitle = (a: T) => (matchesQuery(query, a.title) ? 0 : 1);
  return [...found].sort((a, b) => inTitle(a) - inTitle(b));
}
