import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';

export interface Person {
  _id: string;
  nombre: string;
  apellido: string;
}

/** One message found by `GET /api/mensajes/buscar`. */
export interface MessageHit {
  mensajeId: string;
  conversacionId: string;
  familiaId: string;
  tema: string;
  asunto: string;
  numero: number;
  autor: Person | null;
  tipo: string;
  enviadoAt: string;
  fragmento: string;
}

/** The messages part's filters, as in the address: empty means "any". */
export interface MessageFilters {
  familiaId: string;
  tema: string;
  desde: string;
  hasta: string;
}

export const MAX_QUERY = 200;

type Query = { q: string; familiaId?: string; tema?: string; desde?: string; hasta?: string };
type SearchGet = (
  path: '/api/mensajes/buscar',
  init: { params: { query: Query } },
) => Promise<{ data?: { data: { resultados: MessageHit[] } }; error?: unknown; response: Response }>;

/** Only the filters that are set: the server reads an empty `tema` as a bad topic. */
export function searchQuery(q: string, filters: MessageFilters): Query {
  const query: Query = { q };
  for (const key of ['familiaId', 'tema', 'desde', 'hasta'] as const) {
    if (filters[key]) query[key] = filters[key];
  }
  return query;
}

export function useMessageSearch(q: string, filters: MessageFilters) {
  const { t } = useTranslation();
  const query = searchQuery(q.trim(), filters);
  return useQuery({
    queryKey: ['mensajes', 'buscar', query],
    enabled: query.q.length > 0 && query.q.length <= MAX_QUERY,
    // While the next answer comes, the last one stays on screen instead of a blank page.
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await unwrap((api.GET as unknown as SearchGet)('/api/mensajes/buscar', { params: { query } }), t('search.messages.failed'))).data
        .resultados,
  });
}
