import type { Message, Participant, Person } from './types';
import { formatNumber } from '../../lib/format';

export type SeenState =
  | { kind: 'sent' }
  | { kind: 'seen'; at: string }
  /** Several recipients: each one's first view, or null while they have not seen it. */
  | { kind: 'each'; entries: { usuarioId: string; name: string; at: string | null }[] };

/**
 * What to write under one of my messages: "Sent" until someone saw it when it has one recipient,
 * the time they first saw it after; with several recipients, each of them.
 */
export function seenState(message: Message, people: readonly (Participant | Person)[]): SeenState {
  const views = message.vistas;
  if (views.length <= 1) {
    const at = views[0]?.vistaAt;
    return at ? { kind: 'seen', at } : { kind: 'sent' };
  }
  if (views.every((v) => v.vistaAt == null)) return { kind: 'sent' };
  const nameOf = (id: string) => people.find((p) => p._id === id)?.nombre ?? '';
  return { kind: 'each', entries: views.map((v) => ({ usuarioId: v.usuarioId, name: nameOf(v.usuarioId), at: v.vistaAt ?? null })) };
}

/**
 * The message to mark as read up to (the newest of the thread), when any message sent to me is
 * still unseen by me; null when there is nothing to mark.
 */
export function markUpTo(messagesOldestFirst: readonly Message[], myId: string): string | null {
  const unseen = messagesOldestFirst.some((m) => m.vistas.some((v) => v.usuarioId === myId && v.vistaAt == null));
  if (!unseen) return null;
  return messagesOldestFirst[messagesOldestFirst.length - 1]?._id ?? null;
}

/** What the shield looks at: a message, or the message a reply quotes. */
export interface Foldable {
  _id: string;
  autor?: Person | null;
  tono: Message['tono'];
  plegado: boolean;
}

/**
 * With the shield on, a hostile message from someone else is shown folded until revealed, and so
 * is every quote of it; one the server already folded (a preview) has no text to reveal.
 */
export function isFolded(message: Foldable, myId: string, shield: boolean, revealed: ReadonlySet<string>): boolean {
  if (message.plegado) return true;
  return shield && message.tono === 'hostil' && message.autor?._id !== myId && !revealed.has(message._id);
}

/** A file size for people: "820 KB", "2,4 MB" in the locale. */
export function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${formatNumber(value, locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}
