import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidateFor } from '../../app/live';

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
