import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type StatusData = components['schemas']['StatusData'];

export const STATUS_REFRESH_MS = 30_000;

/**
 * Spec §7: fetched on load, every 30 s and on demand. A failed fetch (or one without success)
 * keeps the data shown before; TanStack Query keeps the last good data on error.
 */
export function useSystemStatus() {
  return useQuery({
    queryKey: ['system-status'],
    queryFn: async () => {
      const answer = await unwrap(api.GET('/api/system/status'), 'status');
      if (!answer.success) throw new Error('status not available');
      return answer.data;
    },
    refetchInterval: STATUS_REFRESH_MS,
    retry: false,
  });
}
