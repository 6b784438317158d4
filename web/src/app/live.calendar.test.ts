import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateFor } from './live';

describe('live calendar events', () => {
  it.each(['eventos', 'custodia'] as const)('a %s event makes everything the calendar shows stale, and nothing else', (kind) => {
    const client = new QueryClient();
    client.setQueryData(['calendar', 'f1', 'nights', '2026-03-01', '2026-03-31'], []);
    client.setQueryData(['calendar', 'f1', 'swaps'], []);
    client.setQueryData(['conversations', 'list'], []);
    invalidateFor(client, kind, { familiaId: 'f1' });
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0]);
    expect(stale).toEqual(['calendar', 'calendar']);
  });
});

describe("a child's change", () => {
  it("makes the family's calendar events stale (the child's activities and appointments are on it), not its swaps nor another family's", () => {
    const client = new QueryClient();
    client.setQueryData(['calendar', 'f1', 'events', '2026-03-01', '2026-04-01'], []);
    client.setQueryData(['calendar', 'f2', 'events', '2026-03-01', '2026-04-01'], []);
    client.setQueryData(['calendar', 'f1', 'swaps'], []);
    invalidateFor(client, 'hijos', { familiaId: 'f1', hijoId: 'h1' });
    const stale = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['calendar', 'f1', 'events', '2026-03-01', '2026-04-01'])).toBe(true);
    expect(stale(['calendar', 'f2', 'events', '2026-03-01', '2026-04-01'])).toBe(false);
    expect(stale(['calendar', 'f1', 'swaps'])).toBe(false);
  });
});

describe('live events and Today', () => {
  it.each(['eventos', 'custodia', 'hijos', 'familia'] as const)("a %s event makes Today stale, but a child's change leaves the rest of the calendar alone", (kind) => {
    const client = new QueryClient();
    client.setQueryData(['calendar', 'today'], {});
    client.setQueryData(['calendar', 'f1', 'swaps'], []);
    invalidateFor(client, kind, { familiaId: 'f1' });
    const stale = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['calendar', 'today'])).toBe(true);
    expect(stale(['calendar', 'f1', 'swaps'])).toBe(kind === 'eventos' || kind === 'custodia');
  });
});
