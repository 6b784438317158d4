import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Spinner } from '../../components/Spinner';
import { useLiveEvent } from '../../api/live';
import { useMarkAllRead, useNotifications, useUnreadCount } from './api';
import { NotificationItem, useOpenNotification } from './NotificationItem';

/** How many notices the bell's panel shows; the rest are on /notifications. */
const PANEL_SIZE = 6;

export const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

/** The header's bell: the unread count, live, and a panel with the latest notices. */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const list = useNotifications(open);
  const markAll = useMarkAllRead();
  const openNotification = useOpenNotification(() => setOpen(false));
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const [announcement, setAnnouncement] = useState('');
  useLiveEvent('notificaciones', () => setAnnouncement(t('live.newNotification')));
  const count = unread.data ?? 0;
  const notices = (list.data?.pages[0]?.notificaciones ?? []).slice(0, PANEL_SIZE);

  useEffect(() => {
    if (!open) return;
    heading.current?.focus();
    const outside = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count > 0 ? t('notifications.bell', { count }) : t('notifications.bellNone')}
        className="relative rounded-lg p-2 text-brand-700 hover:bg-brand-50"
        data-testid="bell"
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M6 16V11a6 6 0 0112 0v5l1.5 2h-15L6 16zM10 20.5a2 2 0 004 0" />
        </svg>
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] font-bold leading-5 text-white"
            data-testid="bell-badge"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-labelledby={`${panelId}-title`}
          className="fixed inset-x-2 top-14 z-40 flex max-h-[calc(100vh-4.5rem)] flex-col rounded-2xl bg-white shadow-xl ring-1 ring-black/10 sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-sand-200 px-4 py-3">
            <h2 ref={heading} id={`${panelId}-title`} tabIndex={-1} className="text-base font-semibold text-ink focus:outline-none">
              {t('notifications.title')}
            </h2>
            {count > 0 && (
              <button
                type="button"
                onClick={() => markAll.mutate()}
                disabled={markAll.isPending}
                className="rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                {t('notifications.markAll')}
              </button>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            {list.isPending ? (
              <div role="status" className="flex justify-center py-6 text-brand-600">
                <Spinner />
                <span className="sr-only">{t('common.loading')}</span>
              </div>
            ) : list.isError ? (
              <p role="alert" className="px-3 py-4 text-sm text-red-700">
                {list.error.message}
              </p>
            ) : notices.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-muted">{t('notifications.empty')}</p>
            ) : (
              <ul>
                {notices.map((n) => (
                  <li key={n._id}>
                    <NotificationItem notification={n} onOpen={openNotification} now={new Date()} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-sand-200 p-2">
            <Link to="/notifications" onClick={() => setOpen(false)} className="block rounded-xl px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50">
              {t('notifications.seeAll')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
