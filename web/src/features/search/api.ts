import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { messagesKey } from '../../api/queryKeys';
import { topicValues, type components } from '../../api/schema';

/** One message found by `GET /api/mensajes/buscar`. */
export type MessageHit = components['schemas']['SearchHit'];
export type Topic = components['schemas']['Topic'];

/** The messages part's filters, as in the address: empty means "any". */
export interface MessageFilters {
  familiaId: string;
  tema: Topic | '';
  desde: string;
  hasta: string;
}

/** The topic a text (the address, the form) names; any other text filters nothing. */
export const topicOf = (text: string | null): Topic | '' => topicValues.find((topic) => topic === text) ?? '';

export const MAX_QUERY = 200;

type Query = { q: string; familiaId?: string; tema?: Topic; desde?: string; hasta?: string };

/** Under the messages' key: what is found are messages. */
const messageSearchKey = (query: Query) => [...messagesKey, 'search', query] as const;

/** Only the filters that are set: the server reads an empty `tema` as a bad topic. */
export function searchQuery(q: string, filters: MessageFilters): Query {
  const query: Query = { q };
  for (const key of ['familiaId', 'desde', 'hasta'] as const) {
    if (filters[key]) query[key] = filters[key];
  }
  if (filters.tema) query.tema = filters.tema;
  return query;
}

export function useMessageSearch(q: string, filters: MessageFilters) {
  const { t } = useTranslation();
  const query = searchQuery(q.trim(), filters);
  return useQuery({
    queryKey: messageSearchKey(query),
    enabled: query.q.length > 0 && query.q.length <= MAX_QUERY,
    // While the next answer comes, the last one stays on screen instead of a blank page.
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await unwrap(api.GET('/api/mensajes/buscar', { params: { query } }), t('search.messages.failed'))).data.resultados,
  });
}
