import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { notificationsKey } from '../../api/queryKeys';
import type { components } from '../../api/schema';

export type Notification = components['schemas']['NoticeView'];
type Page = components['schemas']['NoticePage'];

/** Keys of the issue 15 contract: the list, and the unread count under it. */
export { notificationsKey };
export const unreadKey = [...notificationsKey, 'unread'] as const;

export function useUnreadCount() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: unreadKey,
    queryFn: async () => (await unwrap(api.GET('/api/notificaciones/no-leidas'), t('notifications.errors.load'))).data.total,
  });
}

/** The notifications, newest first, a page at a time (the bell shows the first page). */
export function useNotifications(enabled = true) {
  const { t } = useTranslation();
  return useInfiniteQuery({
    queryKey: notificationsKey,
    enabled,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (
        await unwrap(
          api.GET('/api/notificaciones', { params: { query: pageParam ? { cursor: pageParam } : {} } }),
          t('notifications.errors.load'),
        )
      ).data,
    getNextPageParam: (last: Page) => last.siguiente ?? null,
  });
}

/** Marks notices read in the cached pages: `id`, or every one. */
function useMarkInCache() {
  const client = useQueryClient();
  return (id: string | null, total: number) => {
    client.setQueryData(unreadKey, total);
    client.setQueryData<InfiniteData<Page>>(notificationsKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              notificaciones: page.notificaciones.map((n) => (id === null || n._id === id ? { ...n, leida: true } : n)),
            })),
          }
        : data,
    );
  };
}

export function useMarkRead() {
  const { t } = useTranslation();
  const mark = useMarkInCache();
  return useMutation({
    mutationFn: async (id: string) =>
      (await unwrap(api.POST('/api/notificaciones/{id}/leida', { params: { path: { id } } }), t('notifications.errors.mark'))).data.total,
    onSuccess: (total, id) => mark(id, total),
  });
}

export function useMarkAllRead() {
  const { t } = useTranslation();
  const mark = useMarkInCache();
  return useMutation({
    mutationFn: async () => (await unwrap(api.POST('/api/notificaciones/leidas'), t('notifications.errors.mark'))).data.total,
    onSuccess: (total) => mark(null, total),
  });
}
