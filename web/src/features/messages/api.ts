import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLanguage, useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { messagesKey, notificationsKey } from '../../api/queryKeys';
import type { Attachment, ConversationPage, MessagePage, NewConversation, NewMessage, Topic, ToneAnswer } from './types';

/** The `data` of a successful answer, typed by the generated client from the server's OpenAPI document. */
async function call<T>(answer: Promise<{ data?: { data: T }; error?: unknown; response: Response }>, fallback: string): Promise<T> {
  return (await unwrap(answer, fallback)).data;
}

/** Everything about conversations sits under this key, so one live event can refresh it all. */
export const conversationsKey = ['conversations'] as const;
/** Every list of conversations, whatever its family and topic. */
export const conversationListsKey = [...conversationsKey, 'list'] as const;
export const conversationListKey = (familiaId: string | null, tema: Topic | null) => [...conversationListsKey, familiaId, tema] as const;
export const conversationKey = (id: string) => [...conversationsKey, id] as const;
export const threadKey = (id: string) => [...conversationKey(id), 'messages'] as const;
export const unreadMessagesKey = [...messagesKey, 'unread'] as const;
export const settingsKey = [...messagesKey, 'settings'] as const;

export function useConversations(familiaId: string | null, tema: Topic | null) {
  const { t } = useTranslation();
  return useInfiniteQuery({
    queryKey: conversationListKey(familiaId, tema),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query: Record<string, string> = {};
      if (familiaId) query.familiaId = familiaId;
      if (tema) query.tema = tema;
      if (pageParam) query.cursor = pageParam;
      return call(api.GET('/api/conversaciones', { params: { query } }), t('messages.errors.loadList'));
    },
    getNextPageParam: (last: ConversationPage) => last.siguiente ?? null,
  });
}

export function useConversation(id: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: conversationKey(id),
    queryFn: () => call(api.GET('/api/conversaciones/{id}', { params: { path: { id } } }), t('messages.errors.loadThread')),
  });
}

/** A conversation's messages, newest page first; older pages on demand. */
export function useThread(id: string) {
  const { t } = useTranslation();
  return useInfiniteQuery({
    queryKey: threadKey(id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      call(
        api.GET('/api/conversaciones/{id}/mensajes', { params: { path: { id }, query: pageParam ? { cursor: pageParam } : {} } }),
        t('messages.errors.loadThread'),
      ),
    getNextPageParam: (last: MessagePage) => last.siguiente ?? null,
  });
}

export function useCreateConversation() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewConversation) => call(api.POST('/api/conversaciones', { body }), t('messages.errors.create')),
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationKey(conversation._id), conversation);
      void queryClient.invalidateQueries({ queryKey: conversationListsKey });
    },
  });
}

export function useSendMessage(id: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMessage) => call(api.POST('/api/conversaciones/{id}/mensajes', { params: { path: { id } }, body }), t('messages.errors.send')),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: threadKey(id) });
      void queryClient.invalidateQueries({ queryKey: conversationListsKey });
    },
  });
}

export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hasta: string) => call(api.POST('/api/conversaciones/{id}/leidos', { params: { path: { id } }, body: { hasta } }), 'leidos'),
    onSuccess: ({ vistos }) => {
      if (vistos === 0) return;
      void queryClient.invalidateQueries({ queryKey: threadKey(id) });
      void queryClient.invalidateQueries({ queryKey: conversationListsKey });
      void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
      // Seeing messages reads their notices too: the bell counts again without waiting for the live event.
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}

export function useUnreadMessages(enabled = true) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: unreadMessagesKey,
    enabled,
    queryFn: async () => (await call(api.GET('/api/mensajes/no-leidos'), t('messages.errors.loadList'))).total,
  });
}

export function useMessageSettings() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => call(api.GET('/api/mensajes/ajustes'), t('messages.errors.settings')),
  });
}

export function useSaveMessageSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { escudo: boolean }) => call(api.PUT('/api/mensajes/ajustes', { body }), t('messages.errors.settings')),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** Asks how a draft reads; `signal` lets a newer draft cancel the question. */
export function checkTone(texto: string, signal: AbortSignal): Promise<ToneAnswer> {
  return call(api.POST('/api/mensajes/tono', { body: { texto, idioma: currentLanguage() }, signal }), 'tono');
}

/** Uploads one file for a message not sent yet (multipart field `archivo`). */
export function uploadAttachment(conversationId: string, file: File, fallback: string): Promise<Attachment> {
  const form = new FormData();
  form.append('archivo', file);
  return call(
    api.POST('/api/conversaciones/{id}/adjuntos', { params: { path: { id: conversationId } }, body: { archivo: '' }, bodySerializer: () => form }),
    fallback,
  );
}
