import { createContext, useContext, useEffect, useRef } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { components } from './schema';

type Schemas = components['schemas'];

/** What changed, as the server names its live events (`LiveKind` in docs/openapi.json). */
export type LiveKind = Schemas['LiveKind'];
/** What the stream says of itself: `listo` when it opens, `recargar` when events were lost. */
export type LiveSignal = Schemas['LiveSignal']['event'];
/** Every `event:` name the stream sends. */
export type LiveEventName = LiveKind | LiveSignal;

/** An event's `data`: ids only, read defensively (an event without a JSON body still tells its kind). */
export type LiveData = Record<string, unknown>;

/** What a listener does with an event's `data`. */
export type LiveHandler = (data: LiveData) => void;

/** Adds a listener for the events of `kind`; what it returns removes it. */
export type LiveSubscribe = (kind: LiveEventName, handler: LiveHandler) => () => void;

/**
 * The signed-in tab's live connection, as listeners reach it: the app's provider fills it, and
 * features listen through `useLiveEvent` without reaching up into the app.
 */
export const LiveContext = createContext<LiveSubscribe | null>(null);

/** Calls `handler` with each live event of `kind` while the component is mounted. */
export function useLiveEvent(kind: LiveEventName, handler: LiveHandler) {
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

/** What an event makes stale in the query cache. */
export type Invalidate = (client: QueryClient, data: LiveData) => void;

/**
 * A feature's part: for the kinds its screens show, what an event of that kind invalidates.
 * Declare it with `satisfies LiveParts`, not as a `LiveParts`: the registry counts the kinds
 * each part names, and an annotation would name them all.
 */
export type LiveParts = { readonly [K in LiveKind]?: Invalidate };

type Named<P> = P extends unknown ? keyof P : never;
/** The kinds no part invalidates: `never` when the parts cover them all. */
export type Unclaimed<P extends readonly LiveParts[]> = Exclude<LiveKind, Named<P[number]>>;

/**
 * Every kind's invalidations, in the order of the parts. A kind that no part names fails the type
 * check here, naming the kinds left out (`unclaimed`): a kind the server adds cannot go unheard.
 */
export function collectLive<const P extends readonly LiveParts[]>(
  parts: P & ([Unclaimed<P>] extends [never] ? unknown : { unclaimed: Unclaimed<P> }),
): Record<LiveKind, readonly Invalidate[]> {
  const all: Partial<Record<LiveKind, Invalidate[]>> = {};
  for (const part of parts as readonly LiveParts[]) {
    for (const [kind, invalidate] of Object.entries(part) as [LiveKind, Invalidate | undefined][]) {
      if (invalidate) (all[kind] ??= []).push(invalidate);
    }
  }
  return all as Record<LiveKind, readonly Invalidate[]>;
}
