import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from './api';
import { NotificationItem, useOpenNotification } from './NotificationItem';

/** The notification centre: every notice, newest first, a page at a time. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const list = useNotifications();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const openNotification = useOpenNotification();
  const notices = list.data?.pages.flatMap((page) => page.notificaciones) ?? [];
  const now = new Date();
  const failure = markRead.error ?? markAll.error;

  return (
    <section className="mx-auto max-w-2xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">{t('notifications.title')}</h1>
          <p className="mt-1 text-sm text-muted">
            {(unread.data ?? 0) > 0 ? t('notifications.unreadCount', { count: unread.data ?? 0 }) : t('notifications.allRead')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to="/profile/notifications" className="rounded-xl px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
            {t('notifications.preferences')}
          </Link>
          {(unread.data ?? 0) > 0 && (
            <Button variant="secondary" onClick={() => markAll.mutate()} busy={markAll.isPending}>
              {t('notifications.markAll')}
            </Button>
          )}
        </div>
      </div>

      {failure && (
        <div className="mt-4">
          <Alert>{failure.message}</Alert>
        </div>
      )}

      <div className="mt-6 rounded-3xl bg-white p-2 shadow-sm ring-1 ring-black/5 sm:p-3">
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <div className="p-3">
            <Alert>{list.error.message}</Alert>
          </div>
        ) : notices.length === 0 ? (
          <div className="px-4 py-12 text-center">
            <p className="font-semibold text-ink">{t('notifications.emptyTitle')}</p>
            <p className="mt-1 text-sm text-muted">{t('notifications.emptyBody')}</p>
          </div>
        ) : (
          <ul className="space-y-1">
            {notices.map((n) => (
              <li key={n._id} className={`flex items-start gap-1 rounded-xl ${n.leida ? '' : 'bg-brand-50/60'}`}>
                <div className="min-w-0 flex-1">
                  <NotificationItem notification={n} onOpen={openNotification} now={now} shaded={false} />
                </div>
                {!n.leida && (
                  <button
                    type="button"
                    onClick={() => markRead.mutate(n._id)}
                    className="m-2 shrink-0 rounded-lg p-2 text-xs font-medium text-brand-700 hover:bg-brand-100 sm:px-2 sm:py-1"
                    aria-label={t('notifications.markOneLabel', { title: n.titulo })}
                    title={t('notifications.markOne')}
                  >
                    <svg aria-hidden="true" className="sm:hidden" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                      <path d="M5 12.5l4.5 4.5L19 7.5" />
                    </svg>
                    <span className="hidden sm:inline">{t('notifications.markOne')}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      {list.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
            {t('notifications.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
