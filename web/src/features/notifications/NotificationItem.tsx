import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { relativeTime } from '../../lib/relativeTime';
import { useMarkRead, type Notification } from './api';

/** Where a notice leads: its own path in the app, never another site. */
export function targetOf(notification: Notification): string {
  const link = notification.enlace;
  return link && link.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
}

/** Opening a notice marks it read and goes where it points. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return (notification: Notification) => {
    if (!notification.leida) markRead.mutate(notification._id);
    after?.();
    void navigate(targetOf(notification));
  };
}

/** One notice: unread dot, title, text and how long ago; the whole row opens it. */
export function NotificationItem({
  notification,
  onOpen,
  now,
  shaded = true,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
  now: Date;
  /** Whether the row shades itself when unread (the centre shades the whole line instead). */
  shaded?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const unread = !notification.leida;
  return (
    <button
      type="button"
      onClick={() => onOpen(notification)}
      className={`flex w-full items-start gap-3 rounded-xl px-3 py-3 text-left hover:bg-brand-50 ${unread && shaded ? 'bg-brand-50/60' : ''}`}
      data-testid="notification"
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
      />
      <span className="min-w-0 flex-1">
        <span className={`block break-words text-sm text-ink ${unread ? 'font-semibold' : 'font-medium'}`}>
          {notification.titulo}
          {unread && <span className="sr-only"> ({t('notifications.unread')})</span>}
        </span>
        <span className="mt-0.5 block break-words text-sm text-muted">{notification.texto}</span>
        <time dateTime={notification.creada} className="mt-1 block text-xs text-muted">
          {relativeTime(notification.creada, now, i18n.language)}
        </time>
      </span>
    </button>
  );
}
