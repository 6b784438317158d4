import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLanguage, useTranslation } from '../../i18n';
import { api, ApiError, TOKEN_KEY, unwrap } from '../../api/client';
import type {
  Attachment,
  Conversation,
  ConversationPage,
  MessagePage,
  Message,
  NewConversation,
  NewMessage,
  Topic,
  ToneAnswer,
} from './types';

/**
 * The generated types check each path, parameter and body against the server's OpenAPI document;
 * the answers are read through types.ts, which narrows the document's plain strings (a topic, a
 * type, a tone) to the contract's values.
 */
async function call<T>(answer: Promise<{ data?: { data: unknown }; error?: unknown; response: Response }>, fallback: string): Promise<T> {
  return (await unwrap(answer, fallback)).data as T;
}

/** Everything about conversations sits under this key, so one live event can refresh it all. */
export const conversationsKey = ['conversaciones'] as const;
export const conversationListKey = (familiaId: string | null, tema: Topic | null) => ['conversaciones', 'lista', familiaId, tema] as const;
export const conversationKey = (id: string) => ['conversaciones', id] as const;
export const threadKey = (id: string) => ['conversaciones', id, 'mensajes'] as const;
export const unreadMessagesKey = ['mensajes', 'no-leidos'] as const;
export const settingsKey = ['mensajes', 'ajustes'] as const;

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
      return call<ConversationPage>(api.GET('/api/conversaciones', { params: { query } }), t('messages.errors.loadList'));
    },
    getNextPageParam: (last: ConversationPage) => last.siguiente ?? null,
  });
}

export function useConversation(id: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: conversationKey(id),
    queryFn: () => call<Conversation>(api.GET('/api/conversaciones/{id}', { params: { path: { id } } }), t('messages.errors.loadThread')),
  });
}

/** A conversation's messages, newest page first; older pages on demand. */
export function useThread(id: string) {
  const { t } = useTranslation();
  return useInfiniteQuery({
    queryKey: threadKey(id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      call<MessagePage>(
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
    mutationFn: (body: NewConversation) => call<Conversation>(api.POST('/api/conversaciones', { body }), t('messages.errors.create')),
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationKey(conversation._id), conversation);
      void queryClient.invalidateQueries({ queryKey: ['conversaciones', 'lista'] });
    },
  });
}

export function useSendMessage(id: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMessage) => call<Message>(api.POST('/api/conversaciones/{id}/mensajes', { params: { path: { id } }, body }), t('messages.errors.send')),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: threadKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['conversaciones', 'lista'] });
    },
  });
}

export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hasta: string) => call<{ vistos: number; vistaAt: string }>(api.POST('/api/conversaciones/{id}/leidos', { params: { path: { id } }, body: { hasta } }), 'leidos'),
    onSuccess: ({ vistos }) => {
      if (vistos === 0) return;
      void queryClient.invalidateQueries({ queryKey: threadKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['conversaciones', 'lista'] });
      void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
      // Seeing messages reads their notices too: the bell counts again without waiting for the live event.
      void queryClient.invalidateQueries({ queryKey: ['notificaciones'] });
    },
  });
}

export function useUnreadMessages(enabled = true) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: unreadMessagesKey,
    enabled,
    queryFn: async () => (await call<{ total: number }>(api.GET('/api/mensajes/no-leidos'), t('messages.errors.loadList'))).total,
  });
}

export function useMessageSettings() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => call<{ escudo: boolean }>(api.GET('/api/mensajes/ajustes'), t('messages.errors.settings')),
  });
}

export function useSaveMessageSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { escudo: boolean }) => call<{ escudo: boolean }>(api.PUT('/api/mensajes/ajustes', { body }), t('messages.errors.settings')),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** Asks how a draft reads; `signal` lets a newer draft cancel the question. */
export function checkTone(texto: string, signal: AbortSignal): Promise<ToneAnswer> {
  return call<ToneAnswer>(api.POST('/api/mensajes/tono', { body: { texto, idioma: currentLanguage() }, signal }), 'tono');
}

/** Uploads one file for a message not sent yet (multipart field `archivo`). */
export async function uploadAttachment(conversationId: string, file: File, fallback: string): Promise<Attachment> {
  const form = new FormData();
  form.append('archivo', file);
  let response: Response;
  try {
    response = await globalThis.fetch(`/api/conversaciones/${encodeURIComponent(conversationId)}/adjuntos`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${window.localStorage.getItem(TOKEN_KEY) ?? ''}`, 'Accept-Language': currentLanguage() },
    });
  } catch {
    throw new ApiError(0, fallback, 'network');
  }
  const body = (await response.json().catch(() => null)) as { data?: Attachment; msg?: string; code?: string } | null;
  if (response.ok && body?.data) return body.data;
  throw new ApiError(response.status, body?.msg ?? fallback, body?.code);
}
