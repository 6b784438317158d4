import { useEffect, useMemo, useRef, useState } from 'react';
import { Loading } from '../../components/Spinner';
import { useSession } from '../../lib/session';
import { useConversation, useMarkRead, useMessageSettings, useThread } from './api';
import { Composer } from './Composer';
import { safeZone } from './days';
import { isFolded, markUpTo } from './seen';
import { ThreadFailed, ThreadView } from './ThreadView';
import type { Conversation, Message } from './types';

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

/** One conversation: read, then its messages; drawn by ThreadView. */
export function Thread({ id }: { id: string }) {
  const conversation = useConversation(id);
  if (conversation.isPending) return <Loading />;
  if (conversation.isError) return <ThreadFailed message={conversation.error.message} onRetry={() => void conversation.refetch()} />;
  return <ThreadMessages id={id} conversation={conversation.data} />;
}

/**
 * The messages are asked for only once the conversation is shown, so that none is recorded as seen
 * behind a spinner or an error.
 */
function ThreadMessages({ id, conversation }: { id: string; conversation: Conversation }) {
  const { user } = useSession();
  const myId = user?._id ?? '';
  const zone = safeZone(user?.zonaHoraria);
  const thread = useThread(id);
  const settings = useMessageSettings();
  const markRead = useMarkRead(id);
  const visible = usePageVisible();
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const marked = useRef<string | null>(null);

  // Pages come newest first, each newest first: the thread reads oldest first.
  const messages = useMemo(() => (thread.data?.pages ?? []).flatMap((p) => p.mensajes).reverse(), [thread.data]);

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

  const shield = settings.data?.escudo ?? false;

  return (
    <ThreadView
      conversation={conversation}
      messages={messages}
      pending={thread.isPending}
      error={thread.isError ? thread.error.message : null}
      hasOlder={thread.hasNextPage}
      loadingOlder={thread.isFetchingNextPage}
      onLoadOlder={() => void thread.fetchNextPage()}
      refreshing={thread.isFetching && !thread.isFetchingNextPage}
      myId={myId}
      zone={zone}
      shield={shield}
      revealed={revealed}
      onReveal={(messageId) => setRevealed((set) => new Set(set).add(messageId))}
      onReply={setReplyTo}
      composer={
        <Composer
          conversationId={id}
          replyTo={replyTo}
          replyFolded={replyTo !== null && isFolded(replyTo, myId, shield, revealed)}
          onCancelReply={() => setReplyTo(null)}
          onSent={() => setReplyTo(null)}
        />
      }
    />
  );
}
