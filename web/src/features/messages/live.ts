import type { LiveParts } from '../../api/live';
import { conversationKey, conversationListsKey, threadKey, unreadMessagesKey } from './api';

/** What live events make stale in messages: threads, the list of conversations and the unread count. */
export const messagesLive = {
  conversaciones: (client) => void client.invalidateQueries({ queryKey: conversationListsKey }),
  // A new message changes the thread, the list's order, previews and unread counts.
  mensajes: (client, data) => {
    if (typeof data.conversacionId === 'string') void client.invalidateQueries({ queryKey: conversationKey(data.conversacionId) });
    void client.invalidateQueries({ queryKey: conversationListsKey });
    void client.invalidateQueries({ queryKey: unreadMessagesKey });
  },
  // Someone saw messages: the senders' "Seen" times; one's own views (another tab) change the counts.
  'mensajes.vistos': (client, data) => {
    if (typeof data.conversacionId === 'string') void client.invalidateQueries({ queryKey: threadKey(data.conversacionId) });
    void client.invalidateQueries({ queryKey: conversationListsKey });
    void client.invalidateQueries({ queryKey: unreadMessagesKey });
  },
} satisfies LiveParts;
