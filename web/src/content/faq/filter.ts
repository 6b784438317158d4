import { matchesQuery } from '../help/filter';
import type { FaqItem } from './types';

/** FAQ items of one tab whose question or answer contains the query (case-insensitive); all when blank. */
export function filterFaq<T extends FaqItem>(items: readonly T[], query: string): T[] {
  return items.filter((item) => matchesQuery(query, item.question, item.answer));
}
