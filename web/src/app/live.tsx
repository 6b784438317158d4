import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../api/client';
import { LiveContext, type Invalidate, type LiveData, type LiveEventName, type LiveHandler, type LiveSignal, type LiveSubscribe } from '../api/live';
import { endsSession } from '../api/sessionEnd';
import { LIVE_INVALIDATIONS } from '../features/live';

/** What the stream's own signals make stale; each feature says what the kinds of its events do. */
const SIGNALS: Record<LiveSignal, Invalidate> = {
  listo: () => {},
  // Events were lost (no longer kept): anything shown may be stale.
  recargar: (client) => void client.invalidateQueries(),
};

/** Every event name the stream sends, each listened to. */
export const LIVE_EVENTS = [...Object.keys(LIVE_INVALIDATIONS), ...Object.keys(SIGNALS)] as LiveEventName[];

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/** What a live connection needs from the outside world; tests hand in fakes. */
export interface LiveOptions {
  /** A fresh one-use ticket for the stream. */
  fetchTicket: () => Promise<string>;
  onEvent: (kind: LiveEventName, data: LiveData) => void;
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
    for (const kind of LIVE_EVENTS) {
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

  private receive(kind: LiveEventName, event: MessageEvent<string>) {
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

/** Makes stale what an event of `kind` touches: what the features registered for it (`features/live.ts`). */
export function invalidateFor(client: QueryClient, kind: LiveEventName, data: LiveData) {
  if (isSignal(kind)) SIGNALS[kind](client, data);
  else for (const invalidate of LIVE_INVALIDATIONS[kind] ?? []) invalidate(client, data);
}

function isSignal(kind: LiveEventName): kind is LiveSignal {
  return Object.hasOwn(SIGNALS, kind);
}

async function fetchTicket(): Promise<string> {
  return (await unwrap(api.POST('/api/tiempo-real/ticket'), 'live')).data.ticket;
}

/**
 * The signed-in tab's one live connection (`enabled` while someone is signed in): it keeps the
 * query cache in step with what other people and other tabs do, and lets features listen.
 */
export function LiveProvider({ enabled, children, options }: { enabled: boolean; children: ReactNode; options?: Partial<LiveOptions> }) {
  const client = useQueryClient();
  const [handlers] = useState(() => new Map<LiveEventName, Set<LiveHandler>>());
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

  const [subscribe] = useState<LiveSubscribe>(() => (kind: LiveEventName, handler: LiveHandler) => {
    const set = handlers.get(kind) ?? new Set<LiveHandler>();
    set.add(handler);
    handlers.set(kind, set);
    return () => set.delete(handler);
  });

  return <LiveContext.Provider value={subscribe}>{children}</LiveContext.Provider>;
}
