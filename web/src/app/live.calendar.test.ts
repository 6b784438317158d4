import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateFor } from './live';

describe('live calendar events', () => {
  it.each(['eventos', 'custodia'] as const)('a %s event makes everything the calendar shows stale, and nothing else', (kind) => {
    const client = new QueryClient();
    client.setQueryData(['calendario', 'f1', 'noches', '2026-03-01', '2026-03-31'], []);
    client.setQueryData(['calendario', 'f1', 'cambios'], []);
    client.setQueryData(['conversaciones', 'lista'], []);
    invalidateFor(client, kind, { familiaId: 'f1' });
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0]);
    expect(stale).toEqual(['calendario', 'calendario']);
  });
});

describe("a child's change", () => {
  it("makes the family's calendar events stale (the child's activities and appointments are on it), not its swaps nor another family's", () => {
    const client = new QueryClient();
    client.setQueryData(['calendario', 'f1', 'eventos', '2026-03-01', '2026-04-01'], []);
    client.setQueryData(['calendario', 'f2', 'eventos', '2026-03-01', '2026-04-01'], []);
    client.setQueryData(['calendario', 'f1', 'cambios'], []);
    invalidateFor(client, 'hijos', { familiaId: 'f1', hijoId: 'h1' });
    const stale = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['calendario', 'f1', 'eventos', '2026-03-01', '2026-04-01'])).toBe(true);
    expect(stale(['calendario', 'f2', 'eventos', '2026-03-01', '2026-04-01'])).toBe(false);
    expect(stale(['calendario', 'f1', 'cambios'])).toBe(false);
  });
});

describe('live events and Today', () => {
  it.each(['eventos', 'custodia', 'hijos', 'familia'] as const)("a %s event makes Today stale, but a child's change leaves the rest of the calendar alone", (kind) => {
    const client = new QueryClient();
    client.setQueryData(['calendario', 'hoy'], {});
    client.setQueryData(['calendario', 'f1', 'cambios'], []);
    invalidateFor(client, kind, { familiaId: 'f1' });
    const stale = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['calendario', 'hoy'])).toBe(true);
    expect(stale(['calendario', 'f1', 'cambios'])).toBe(kind === 'eventos' || kind === 'custodia');
  });
});
