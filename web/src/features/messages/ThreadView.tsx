import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading, Spinner } from '../../components/Spinner';
import { localeOf } from '../../lib/dates';
import { TopicChip } from './ConversationList';
import { dayLabel, withDaySeparators } from './days';
import { personName } from './labels';
import { MessageBubble } from './MessageBubble';
import { isFolded } from './seen';
import type { Conversation, Message, Quote } from './types';

export interface ThreadViewProps {
  conversation: Conversation;
  /** The messages read so far, oldest first. */
  messages: Message[];
  pending: boolean;
  error: string | null;
  /** Older messages remain to be read, and are being read. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** The thread is being read again (a live event): said to screen readers only. */
  refreshing: boolean;
  myId: string;
  /** The reader's time zone, in which days and times are told; the browser's when theirs is unknown. */
  zone: string | undefined;
  /** The reader's shield is on: hostile messages of others come folded. */
  shield: boolean;
  /** The folded messages the reader chose to show. */
  revealed: ReadonlySet<string>;
  onReveal: (messageId: string) => void;
  onReply: (message: Message) => void;
  /** The composer, which sends on its own. */
  composer: ReactNode;
}

const NEAR_TOP_PX = 80;
const NEAR_BOTTOM_PX = 160;

/** One conversation as it is drawn, full height: its header, the messages (older ones on scrolling up) and the composer. */
export function ThreadView({
  conversation,
  messages,
  pending,
  error,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  refreshing,
  myId,
  zone,
  shield,
  revealed,
  onReveal,
  onReply,
  composer,
}: ThreadViewProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [announcement, setAnnouncement] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const fromBottom = useRef<number | null>(null);
  const newestSeen = useRef<string | null>(null);
  // Whether the reader was at the end before the latest change: only then does a new message pull the view down.
  const atBottom = useRef(true);

  const items = useMemo(() => withDaySeparators(messages, zone), [messages, zone]);
  const newest = messages[messages.length - 1];

  // Keep the place when older messages come in above; follow the conversation when a new one arrives.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !newest) return;
    if (fromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
      return;
    }
    if (newestSeen.current !== newest._id) {
      const first = newestSeen.current === null;
      if (first || atBottom.current || newest.autor?._id === myId) el.scrollTop = el.scrollHeight;
      // Someone else's message arrived while the thread was open (live events refetch it): say so.
      if (!first && newest.autor?._id !== myId) setAnnouncement(t('messages.live.newMessage'));
      newestSeen.current = newest._id;
    }
  }, [messages, newest, myId, t]);

  const loadOlder = () => {
    const el = scroller.current;
    if (!hasOlder || loadingOlder) return;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    onLoadOlder();
  };

  const openQuote = (quote: Quote) => {
    const target = document.getElementById(`msg-${quote._id}`);
    if (target) {
      target.scrollIntoView({ block: 'center', behavior: 'smooth' });
      target.querySelector<HTMLElement>('button, a')?.focus({ preventScroll: true });
    } else if (hasOlder) {
      loadOlder();
    }
  };

  const now = new Date();

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-3xl bg-sand-50 shadow-sm ring-1 ring-black/5">
      <header className="flex items-center gap-2 border-b border-sand-200 bg-white px-3 py-2.5">
        <BackLink />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-bold text-ink" data-testid="thread-subject">
            {conversation.asunto}
          </h2>
          <div className="flex min-w-0 items-center gap-2">
            <TopicChip topic={conversation.tema} />
            <p className="truncate text-xs text-muted">{conversation.participantes.map((p) => personName(p, t)).join(', ')}</p>
          </div>
        </div>
        <Link to={`/messages/${conversation._id}/print`} className="flex h-10 shrink-0 items-center gap-1.5 rounded-xl px-2.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
            <path d="M7 8V3h10v5M7 17H4v-7h16v7h-3M7 14h10v7H7z" />
          </svg>
          <span className="sr-only sm:not-sr-only">{t('messages.print')}</span>
        </Link>
      </header>
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
          if (el.scrollTop < NEAR_TOP_PX) loadOlder();
        }}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4"
        data-testid="thread"
      >
        {pending ? (
          <Loading />
        ) : error !== null ? (
          <Alert>{error}</Alert>
        ) : (
          <>
            {hasOlder && (
              <div className="mb-3 text-center">
                <Button variant="ghost" busy={loadingOlder} onClick={loadOlder}>
                  {t('messages.loadOlder')}
                </Button>
              </div>
            )}
            {messages.length === 0 && <p className="py-10 text-center text-sm text-muted">{t('messages.threadEmpty')}</p>}
            <ol className="space-y-3">
              {items.map((item, index) => {
                if (item.kind === 'day')
                  return (
                    <li key={item.key} className="flex justify-center py-1" role="separator" aria-label={dayLabel(item.at, now, locale, { today: t('messages.today'), yesterday: t('messages.yesterday') }, zone)}>
                      <span aria-hidden="true" className="rounded-full bg-white px-3 py-1 text-xs font-medium text-muted shadow-sm ring-1 ring-black/5">
                        {dayLabel(item.at, now, locale, { today: t('messages.today'), yesterday: t('messages.yesterday') }, zone)}
                      </span>
                    </li>
                  );
                const message = item.message;
                const mine = message.autor?._id === myId;
                const previous = items[index - 1];
                const sameAuthorBefore = previous?.kind === 'message' && previous.message.autor?._id === message.autor?._id;
                return (
                  <li key={item.key}>
                    <MessageBubble
                      message={message}
                      mine={mine}
                      showAuthor={!mine && !sameAuthorBefore}
                      folded={isFolded(message, myId, shield, revealed)}
                      quoteFolded={message.respondeA != null && isFolded(message.respondeA, myId, shield, revealed)}
                      participants={conversation.participantes}
                      locale={locale}
                      zone={zone}
                      onReveal={() => onReveal(message._id)}
                      onReply={() => onReply(message)}
                      onOpenQuote={openQuote}
                    />
                  </li>
                );
              })}
            </ol>
            {refreshing && messages.length > 0 && (
              <span className="sr-only" role="status">
                <Spinner small />
              </span>
            )}
          </>
        )}
      </div>
      {composer}
    </div>
  );
}

/** A conversation that could not be read: a way back and a way to try again. */
export function ThreadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 p-4">
      <BackLink />
      <Alert>{message}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/messages" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-brand-700 hover:bg-brand-50 lg:hidden">
      <span className="sr-only">{t('messages.back')}</span>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M15 5l-7 7 7 7" />
      </svg>
    </Link>
  );
}
