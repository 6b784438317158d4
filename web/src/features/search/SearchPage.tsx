import { useSearchParams } from 'react-router';
import { useChildren } from '../../api/children';
import { useFamilies } from '../../api/families';
import { topicOf, useMessageSearch, type MessageFilters } from './api';
import { SearchBox } from './SearchBox';
import { SearchView } from './SearchView';

const FILTER_KEYS = ['familiaId', 'tema', 'desde', 'hasta'] as const;

/** /search?q=: the signed-in layout's search box lands here; the address holds the query and the filters. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const filters: MessageFilters = { familiaId: params.get('familiaId') ?? '', tema: topicOf(params.get('tema')), desde: params.get('desde') ?? '', hasta: params.get('hasta') ?? '' };
  const messages = useMessageSearch(query, filters);
  const children = useChildren();
  const families = useFamilies();

  const applyFilters = (next: MessageFilters) => {
    const updated = new URLSearchParams(params);
    for (const key of FILTER_KEYS) {
      if (next[key]) updated.set(key, next[key]);
      else updated.delete(key);
    }
    setParams(updated, { replace: true });
  };

  return (
    <>
      {/* A phone's header has no room for the box: the page brings its own. */}
      <SearchBox className="mx-auto mb-4 max-w-3xl md:hidden" />
      <SearchView
        query={query}
        filters={filters}
        onFilters={applyFilters}
        families={families.data ?? []}
        messages={{
          loading: messages.isFetching && !messages.data,
          refreshing: messages.isFetching && Boolean(messages.data),
          error: messages.isError ? messages.error.message : null,
          hits: messages.data ?? [],
          onRetry: () => void messages.refetch(),
        }}
        records={{
          loading: children.isLoading,
          error: children.isError ? children.error.message : null,
          list: children.data ?? [],
          onRetry: () => void children.refetch(),
        }}
      />
    </>
  );
}
