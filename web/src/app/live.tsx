import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../api/client';
import { endsSession } from '../api/sessionEnd';

/** The kinds of live event the server sends (docs: CONTRACT of issue 15). */
export type LiveKind =
  | 'hijos'
  | 'familia'
  | 'notificaciones'
  | 'notificaciones.leidas'
  | 'conversaciones'
  | 'mensajes'
  | 'mensajes.vistos'
  | 'eventos'
  | 'custodia'
  | 'dinero'
  | 'tarjetas'
  | 'documentos'
  | 'recargar'
  | 'listo';

export const LIVE_KINDS: readonly LiveKind[] = [
  'hijos',
  'familia',
  'notificaciones',
  'notificaciones.leidas',
  'conversaciones',
  'mensajes',
  'mensajes.vistos',
  'eventos',
  'custodia',
  'dinero',
  'tarjetas',
  'documentos',
  'recargar',
  'listo',
];

export type LiveData = Record<string, unknown>;
type Handler = (data: LiveData) => void;

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/** What a live connection needs from the outside world; tests hand in fakes. */
export interface LiveOptions {
  /** A fresh one-use ticket for the stream. */
  fetchTicket: () => Promise<string>;
  onEvent: (kind: LiveKind, data: LiveData) => void;
  EventSource?: typeof EventSource;
  random?: () => number;
  /** The ticket was refused for want of a session: nothing is retried after it. */
  onSessionEnded?: () => void;
}

/**
 * One stream of live events, kept open: the browser's own EventSource retry would reuse a spent
 * ticket, so on any error the stream is closed and opened again here, with a fresh ticket and the
 * last event id seen, after a growing pause (1 s doubling to 30 s, jittered so that a restarted
 * server is not met by every tab at once). A ticket refused for want of a session stops it: the
 * session is over, and the app offers to sign in again instead.
 */
export class LiveConnection {
  private source: EventSource | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private stopped = true;
  private generation = 0;
  /** The last event id seen, sent back as `ultimo` so the server replays what was missed. */
  lastId: string | null = null;

  constructor(private readonly options: LiveOptions) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  stop() {
    this.stopped = true;
    this.generation += 1;
    this.clearTimer();
    this.source?.close();
    this.source = null;
  }

  /** Back online or visible again: a pending retry happens now rather than after its pause. */
  wake() {
    if (this.stopped || this.timer === null) return;
    this.clearTimer();
    void this.connect();
  }

  /** The pause before retry number `attempt` (0-based): half to all of 1 s·2^attempt, at most 30 s. */
  delay(attempt: number): number {
    const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
    return Math.round(ceiling / 2 + (ceiling / 2) * (this.options.random ?? Math.random)());
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async connect() {
    const generation = ++this.generation;
    let ticket: string;
    try {
      ticket = await this.options.fetchTicket();
    } catch (err) {
      if (generation !== this.generation) return;
      // A stream that ended because its session did cannot come back by retrying.
      if (err instanceof ApiError && endsSession(err.status, err.code)) {
        this.stop();
        this.options.onSessionEnded?.();
        return;
      }
      this.retry();
      return;
    }
    if (generation !== this.generation) return;
    const params = new URLSearchParams({ ticket });
    if (this.lastId !== null) params.set('ultimo', this.lastId);
    const Source = this.options.EventSource ?? EventSource;
    const source = new Source(`/api/tiempo-real?${params.toString()}`);
    this.source = source;
    for (const kind of LIVE_KINDS) {
      source.addEventListener(kind, (event) => {
        if (generation !== this.generation) return;
        this.receive(kind, event as MessageEvent<string>);
      });
    }
    source.onerror = () => {
      if (generation !== this.generation) return;
      source.close();
      this.source = null;
      this.retry();
    };
  }

  private receive(kind: LiveKind, event: MessageEvent<string>) {
    let data: LiveData = {};
    try {
      const parsed: unknown = JSON.parse(event.data);
      if (parsed && typeof parsed === 'object') data = parsed as LiveData;
    } catch {
      // An event without a JSON body still tells its kind.
    }
    if (event.lastEventId) this.lastId = event.lastEventId;
    if (kind === 'listo') {
      // The stream is up and signed in: the next failure starts again from the shortest pause.
      this.attempts = 0;
      // Only a first connection adopts the server's position: a resumed one still has events to replay.
      if (this.lastId === null && (typeof data.ultimo === 'number' || typeof data.ultimo === 'string')) {
        this.lastId = String(data.ultimo);
      }
    }
    this.options.onEvent(kind, data);
  }

  private retry() {
    if (this.stopped) return;
    this.clearTimer();
    const wait = this.delay(this.attempts);
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, wait);
  }
}

/** The TanStack Query caches each kind of event makes stale (keys of features/children, families and messages). */
export function invalidateFor(client: QueryClient, kind: LiveKind, data: LiveData) {
  switch (kind) {
    case 'hijos':
      void client.invalidateQueries({ queryKey: ['children'] });
      // The family list counts children; the family's record lists their changes.
      void client.invalidateQueries({ queryKey: ['families'], exact: true });
      if (typeof data.familiaId === 'string') void client.invalidateQueries({ queryKey: ['families', data.familiaId] });
      // A change to a child is their latest activity on the children list (features/calendar/today).
      void client.invalidateQueries({ queryKey: ['calendario', 'hoy'] });
      // Their activities and appointments are on the family's calendar, with the child's name.
      if (typeof data.familiaId === 'string') void client.invalidateQueries({ queryKey: ['calendario', data.familiaId, 'eventos'] });
      break;
    case 'familia':
      void client.invalidateQueries({ queryKey: ['families'] });
      // Joining or leaving a family changes whose children one sees, and whose day.
      void client.invalidateQueries({ queryKey: ['children'] });
      void client.invalidateQueries({ queryKey: ['calendario', 'hoy'] });
      break;
    case 'notificaciones':
    case 'notificaciones.leidas':
      void client.invalidateQueries({ queryKey: ['notificaciones'] });
      break;
    case 'conversaciones':
      void client.invalidateQueries({ queryKey: ['conversaciones', 'lista'] });
      break;
    case 'mensajes':
      // A new message changes the thread, the list's order, previews and unread counts.
      if (typeof data.conversacionId === 'string') void client.invalidateQueries({ queryKey: ['conversaciones', data.conversacionId] });
      void client.invalidateQueries({ queryKey: ['conversaciones', 'lista'] });
      void client.invalidateQueries({ queryKey: ['mensajes', 'no-leidos'] });
      break;
    case 'mensajes.vistos':
      // Someone saw messages: the senders' "Seen" times; one's own views (another tab) change the counts.
      if (typeof data.conversacionId === 'string') void client.invalidateQueries({ queryKey: ['conversaciones', data.conversacionId, 'mensajes'] });
      void client.invalidateQueries({ queryKey: ['conversaciones', 'lista'] });
      void client.invalidateQueries({ queryKey: ['mensajes', 'no-leidos'] });
      break;
    case 'tarjetas':
      // A child's emergency card links: made, revoked or opened (features/children/cardApi).
      if (typeof data.hijoId === 'string') void client.invalidateQueries({ queryKey: ['tarjetas', data.hijoId] });
      break;
    case 'eventos':
    case 'custodia':
      // An event, the schedule, a swap or a handover: the calendar (features/calendar) asks again for what it shows.
      void client.invalidateQueries({ queryKey: ['calendario'] });
      break;
    case 'dinero':
      // An expense, an answer, a payment or child support: /finances (features/money) asks again for what it shows.
      void client.invalidateQueries({ queryKey: ['dinero'] });
      break;
    case 'documentos':
      // A document uploaded, changed, deleted or restored: /profile/documents (features/documents) and the hub's counter.
      void client.invalidateQueries({ queryKey: ['documentos'] });
      void client.invalidateQueries({ queryKey: ['profile', 'summary'] });
      break;
    case 'recargar':
      void client.invalidateQueries();
      break;
    case 'listo':
      break;
  }
}

type Subscribe = (kind: LiveKind, handler: Handler) => () => void;

const LiveContext = createContext<Subscribe | null>(null);

async function fetchTicket(): Promise<string> {
  return (await unwrap(api.POST('/api/tiempo-real/ticket'), 'live')).data.ticket;
}

/**
 * The signed-in tab's one live connection (`enabled` while someone is signed in): it keeps the
 * query cache in step with what other people and other tabs do, and lets features listen.
 */
export function LiveProvider({ enabled, children, options }: { enabled: boolean; children: ReactNode; options?: Partial<LiveOptions> }) {
  const client = useQueryClient();
  const [handlers] = useState(() => new Map<LiveKind, Set<Handler>>());
  const optionsRef = useRef(options);

  useEffect(() => {
    if (!enabled) return;
    const connection = new LiveConnection({
      fetchTicket,
      ...optionsRef.current,
      onEvent: (kind, data) => {
        invalidateFor(client, kind, data);
        handlers.get(kind)?.forEach((handler) => handler(data));
      },
    });
    const wake = () => {
      if (document.visibilityState === 'visible') connection.wake();
    };
    connection.start();
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      connection.stop();
    };
  }, [enabled, client, handlers]);

  const [subscribe] = useState<Subscribe>(() => (kind: LiveKind, handler: Handler) => {
    const set = handlers.get(kind) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(kind, set);
    return () => set.delete(handler);
  });

  return <LiveContext.Provider value={subscribe}>{children}</LiveContext.Provider>;
}

/** Calls `handler` with each live event of `kind` while the component is mounted. */
export function useLiveEvent(kind: LiveKind, handler: Handler) {
  const subscribe = useContext(LiveContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!subscribe) return;
    return subscribe(kind, (data) => latest.current(data));
  }, [subscribe, kind]);
}
