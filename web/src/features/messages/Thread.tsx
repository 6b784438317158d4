import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading, Spinner } from '../../components/Spinner';
import { localeOf } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { useConversation, useMarkRead, useMessageSettings, useThread } from './api';
import { Composer } from './Composer';
import { TopicChip } from './ConversationList';
import { dayLabel, safeZone, withDaySeparators } from './days';
import { personName } from './labels';
import { MessageBubble } from './MessageBubble';
import { isFolded, markUpTo } from './seen';
import type { Message, Quote } from './types';

/** Whether the tab is in front of the person: views are only recorded while it is. */
function usePageVisible() {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** One conversation, full height: its header, the messages (older ones on scrolling up) and the composer. */
export function Thread({ id }: { id: string }) {
  const { t } = useTranslation();
  const conversation = useConversation(id);
  if (conversation.isPending) return <Loading />;
  if (conversation.isError)
    return (
      <div className="space-y-3 p-4">
        <BackLink />
        <Alert>{conversation.error.message}</Alert>
        <Button variant="secondary" onClick={() => void conversation.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  const c = conversation.data;
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-3xl bg-sand-50 shadow-sm ring-1 ring-black/5">
      <header className="flex items-center gap-2 border-b border-sand-200 bg-white px-3 py-2.5">
        <BackLink />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-bold text-ink" data-testid="thread-subject">
            {c.asunto}
          </h2>
          <div className="flex min-w-0 items-center gap-2">
            <TopicChip topic={c.tema} />
            <p className="truncate text-xs text-muted">{c.participantes.map((p) => personName(p, t)).join(', ')}</p>
          </div>
        </div>
        <Link to={`/messages/${id}/print`} className="flex h-10 shrink-0 items-center gap-1.5 rounded-xl px-2.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
            <path d="M7 8V3h10v5M7 17H4v-7h16v7h-3M7 14h10v7H7z" />
          </svg>
          <span className="sr-only sm:not-sr-only">{t('messages.print')}</span>
        </Link>
      </header>
      <ThreadBody id={id} participants={c.participantes} />
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

const NEAR_TOP_PX = 80;
const NEAR_BOTTOM_PX = 160;

function ThreadBody({ id, participants }: { id: string; participants: Parameters<typeof MessageBubble>[0]['participants'] }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const myId = user?._id ?? '';
  const locale = localeOf(i18n.language);
  const zone = safeZone(user?.zonaHoraria);
  const thread = useThread(id);
  const settings = useMessageSettings();
  const markRead = useMarkRead(id);
  const visible = usePageVisible();
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const marked = useRef<string | null>(null);
  const fromBottom = useRef<number | null>(null);
  const newestSeen = useRef<string | null>(null);
  // Whether the reader was at the end before the latest change: only then does a new message pull the view down.
  const atBottom = useRef(true);

  // Pages come newest first, each newest first: the thread reads oldest first.
  const messages = useMemo(() => (thread.data?.pages ?? []).flatMap((p) => p.mensajes).reverse(), [thread.data]);
  const items = useMemo(() => withDaySeparators(messages, zone), [messages, zone]);
  const newest = messages[messages.length - 1];

  // First views are recorded while the thread is on screen and the tab in front, once per newest message.
  useEffect(() => {
    if (!visible || !myId) return;
    const hasta = markUpTo(messages, myId);
    if (!hasta || marked.current === hasta) return;
    marked.current = hasta;
    markRead.mutate(hasta, {
      onError: () => {
        marked.current = null;
      },
    });
  }, [messages, visible, myId, markRead]);

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
    if (!thread.hasNextPage || thread.isFetchingNextPage) return;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    void thread.fetchNextPage();
  };

  const openQuote = (quote: Quote) => {
    const target = document.getElementById(`msg-${quote._id}`);
    if (target) {
      target.scrollIntoView({ block: 'center', behavior: 'smooth' });
      target.querySelector<HTMLElement>('button, a')?.focus({ preventScroll: true });
    } else if (thread.hasNextPage) {
      loadOlder();
    }
  };

  const shield = settings.data?.escudo ?? false;
  const now = new Date();

  return (
    <>
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
        {thread.isPending ? (
          <Loading />
        ) : thread.isError ? (
          <Alert>{thread.error.message}</Alert>
        ) : (
          <>
            {thread.hasNextPage && (
              <div className="mb-3 text-center">
                <Button variant="ghost" busy={thread.isFetchingNextPage} onClick={loadOlder}>
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
                      participants={participants}
                      locale={locale}
                      zone={zone}
                      onReveal={() => setRevealed((set) => new Set(set).add(message._id))}
                      onReply={() => setReplyTo(message)}
                      onOpenQuote={openQuote}
                    />
                  </li>
                );
              })}
            </ol>
            {thread.isFetching && !thread.isFetchingNextPage && messages.length > 0 && (
              <span className="sr-only" role="status">
                <Spinner small />
              </span>
            )}
          </>
        )}
      </div>
      <Composer
        conversationId={id}
        replyTo={replyTo}
        replyFolded={replyTo !== null && isFolded(replyTo, myId, shield, revealed)}
        onCancelReply={() => setReplyTo(null)}
        onSent={() => setReplyTo(null)}
      />
    </>
  );
}
