import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { useLiveEvent, type LiveData, type LiveEventName } from '../api/live';
import { LiveConnection, LiveProvider } from './live';

/** Stands in for the browser's EventSource: records what was opened, lets a test send events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  addEventListener(kind: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(kind: string, data: unknown, id = '') {
    const event = new MessageEvent<string>(kind, { data: JSON.stringify(data), lastEventId: id });
    this.listeners.get(kind)?.forEach((listener) => listener(event));
  }

  fail() {
    this.onerror?.();
  }

  get params() {
    return new URL(this.url, 'http://nido.test').searchParams;
  }
}

const latest = () => FakeEventSource.opened[FakeEventSource.opened.length - 1]!;

/** Lets pending promises (the ticket request) settle under fake timers. */
const settle = () => act(async () => {
  await Promise.resolve();
  await Promise.resolve();
});

function ticketsInOrder() {
  let n = 0;
  return vi.fn(async () => `ticket-${++n}`);
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveConnection', () => {
  it('stops for good when the ticket is refused for want of a session', async () => {
    const fetchTicket = vi.fn(async () => {
      throw new ApiError(401, 'Tu sesión no es válida', 'unauthorized');
    });
    const onSessionEnded = vi.fn();
    const connection = new LiveConnection({
      fetchTicket,
      onEvent: () => {},
      onSessionEnded,
      EventSource: FakeEventSource as unknown as typeof EventSource,
      random: () => 1,
    });
    connection.start();
    await settle();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    // No pause, however long, brings another try; nor does the tab coming back.
    await act(async () => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    connection.wake();
    await settle();
    expect(fetchTicket).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('keeps retrying other failures to get a ticket', async () => {
    let n = 0;
    const fetchTicket = vi.fn(async () => {
      n += 1;
      if (n < 3) throw new ApiError(n === 1 ? 0 : 503, 'fallo', n === 1 ? 'network' : undefined);
      return 'ticket';
    });
    const onSessionEnded = vi.fn();
    const connection = new LiveConnection({ fetchTicket, onEvent: () => {}, onSessionEnded, EventSource: FakeEventSource as unknown as typeof EventSource, random: () => 1 });
    connection.start();
    await settle();
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    await settle();
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    await settle();
    expect(fetchTicket).toHaveBeenCalledTimes(3);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    connection.stop();
  });

  it('reconnects after an error with a fresh ticket and the last event id', async () => {
    const fetchTicket = ticketsInOrder();
    const events: [LiveEventName, LiveData][] = [];
    const connection = new LiveConnection({
      fetchTicket,
      onEvent: (kind, data) => events.push([kind, data]),
      EventSource: FakeEventSource as unknown as typeof EventSource,
      random: () => 1,
    });
    connection.start();
    await settle();
    const first = latest();
    expect(first.url).toContain('/api/tiempo-real?');
    expect(first.params.get('ticket')).toBe('ticket-1');
    expect(first.params.has('ultimo')).toBe(false);

    first.emit('listo', { ultimo: 4 });
    first.emit('hijos', { familiaId: 'f1', hijoId: 'h1' }, '5');
    first.emit('notificaciones', { id: 'n1' }, '6');
    expect(events.map(([kind]) => kind)).toEqual(['listo', 'hijos', 'notificaciones']);

    first.fail();
    expect(first.closed).toBe(true);
    // The first retry waits up to 1 s; nothing is opened before then.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(FakeEventSource.opened).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await settle();
    const second = latest();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(second.params.get('ticket')).toBe('ticket-2');
    expect(second.params.get('ultimo')).toBe('6');
    connection.stop();
    expect(second.closed).toBe(true);
  });

  it('doubles the pause up to 30 s and starts again from 1 s after a healthy connection', async () => {
    const connection = new LiveConnection({
      fetchTicket: ticketsInOrder(),
      onEvent: () => {},
      EventSource: FakeEventSource as unknown as typeof EventSource,
      random: () => 1,
    });
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => connection.delay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const jittered = new LiveConnection({ fetchTicket: ticketsInOrder(), onEvent: () => {}, random: () => 0 });
    expect(jittered.delay(3)).toBe(4000);

    connection.start();
    await settle();
    latest().fail();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await settle();
    latest().fail();
    // Second failure in a row: 2 s.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(FakeEventSource.opened).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await settle();
    expect(FakeEventSource.opened).toHaveLength(3);
    latest().emit('listo', { ultimo: 0 });
    latest().fail();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await settle();
    expect(FakeEventSource.opened).toHaveLength(4);
    connection.stop();
  });

  it('retries a failed ticket request and reconnects at once when woken', async () => {
    const fetchTicket = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('ticket-ok');
    const connection = new LiveConnection({
      fetchTicket,
      onEvent: () => {},
      EventSource: FakeEventSource as unknown as typeof EventSource,
      random: () => 1,
    });
    connection.start();
    await settle();
    expect(FakeEventSource.opened).toHaveLength(0);
    connection.wake();
    await settle();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(latest().params.get('ticket')).toBe('ticket-ok');
    connection.stop();
  });
});

function Listener({ onChild }: { onChild: (data: LiveData) => void }) {
  useLiveEvent('hijos', onChild);
  return null;
}

describe('LiveProvider', () => {
  it('invalidates the queries each kind of event touches and tells listeners', async () => {
    const client = new QueryClient();
    const keys = [
      ['children'],
      ['children', 'h1'],
      ['families'],
      ['families', 'f1', 'record'],
      ['families', 'f2', 'record'],
      ['notifications'],
      ['notifications', 'unread'],
      ['blocked'],
    ];
    for (const key of keys) client.setQueryData(key, 'cached');
    const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
    const reset = () => keys.forEach((key) => client.setQueryData(key, 'cached'));
    const onChild = vi.fn();

    const view = render(
      <QueryClientProvider client={client}>
        <LiveProvider enabled options={{ fetchTicket: ticketsInOrder(), EventSource: FakeEventSource as unknown as typeof EventSource }}>
          <Listener onChild={onChild} />
        </LiveProvider>
      </QueryClientProvider>,
    );
    await settle();
    const source = latest();

    act(() => source.emit('hijos', { familiaId: 'f1', hijoId: 'h1' }, '1'));
    expect(stale()).toEqual(['children', 'children/h1', 'families', 'families/f1/record']);
    expect(onChild).toHaveBeenCalledWith({ familiaId: 'f1', hijoId: 'h1' });

    reset();
    act(() => source.emit('familia', { familiaId: 'f2' }, '2'));
    expect(stale()).toEqual(['children', 'children/h1', 'families', 'families/f1/record', 'families/f2/record']);

    reset();
    act(() => source.emit('notificaciones', { id: 'n1' }, '3'));
    expect(stale()).toEqual(['notifications', 'notifications/unread']);

    reset();
    act(() => source.emit('notificaciones.leidas', {}, '4'));
    expect(stale()).toEqual(['notifications', 'notifications/unread']);

    reset();
    act(() => source.emit('recargar', {}));
    expect(stale()).toEqual(keys.map((key) => key.join('/')));

    view.unmount();
    expect(source.closed).toBe(true);
  });

  it('opens nothing while signed out', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveProvider enabled={false} options={{ fetchTicket: ticketsInOrder(), EventSource: FakeEventSource as unknown as typeof EventSource }}>
          <p>signed out</p>
        </LiveProvider>
      </QueryClientProvider>,
    );
    await settle();
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
