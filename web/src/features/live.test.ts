import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { collectLive, type LiveData, type LiveKind, type LiveParts } from '../api/live';
import { LIVE_INVALIDATIONS } from './live';

/** The kinds the server documents, read from the document itself rather than from the types. */
function documentedKinds(): string[] {
  const doc = JSON.parse(readFileSync(resolve(__dirname, '../../../docs/openapi.json'), 'utf8')) as {
    components: { schemas: { LiveKind: { enum: string[] } } };
  };
  return doc.components.schemas.LiveKind.enum;
}

/** Every key some screen caches, for one family (f1) and another (f2). */
const KEYS = [
  ['children'],
  ['children', 'h1'],
  ['cards', 'h1'],
  ['cards', 'h2'],
  ['families'],
  ['families', 'f1', 'record'],
  ['families', 'f2', 'record'],
  ['calendar', 'today'],
  ['calendar', 'f1', 'events', '2026-03-01', '2026-04-01'],
  ['calendar', 'f2', 'events', '2026-03-01', '2026-04-01'],
  ['calendar', 'f1', 'swaps'],
  ['notifications'],
  ['notifications', 'unread'],
  ['conversations', 'list', 'f1', null],
  ['conversations', 'c1'],
  ['conversations', 'c1', 'messages'],
  ['conversations', 'c2', 'messages'],
  ['messages', 'unread'],
  ['messages', 'settings'],
  ['money', 'f1', 'balance'],
  ['documents', 'f1', 'storage'],
  ['profile', 'summary'],
  ['profile', 'sessions'],
];

/** The keys an event of `kind` makes stale, through the registry alone. */
function staleAfter(kind: LiveKind, data: LiveData): string[] {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(key, 'cached');
  for (const invalidate of LIVE_INVALIDATIONS[kind]) invalidate(client, data);
  return KEYS.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
}

describe('the live registry', () => {
  it('has what every kind the server documents invalidates, and no other kind', () => {
    const kinds = documentedKinds();
    expect(Object.keys(LIVE_INVALIDATIONS).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) expect(LIVE_INVALIDATIONS[kind as LiveKind].length, kind).toBeGreaterThan(0);
  });

  it('sends each kind to the screens that show it, and a family or child only to its own', () => {
    expect(staleAfter('hijos', { familiaId: 'f1', hijoId: 'h1' })).toEqual([
      'children',
      'children/h1',
      'families',
      'families/f1/record',
      'calendar/today',
      'calendar/f1/events/2026-03-01/2026-04-01',
    ]);
    expect(staleAfter('familia', { familiaId: 'f2' })).toEqual([
      'children',
      'children/h1',
      'families',
      'families/f1/record',
      'families/f2/record',
      'calendar/today',
    ]);
    expect(staleAfter('tarjetas', { familiaId: 'f1', hijoId: 'h1' })).toEqual(['cards/h1']);
    expect(staleAfter('notificaciones', { id: 'n1' })).toEqual(['notifications', 'notifications/unread']);
    expect(staleAfter('notificaciones.leidas', {})).toEqual(['notifications', 'notifications/unread']);
    expect(staleAfter('conversaciones', { conversacionId: 'c1' })).toEqual(['conversations/list/f1/']);
    expect(staleAfter('mensajes', { conversacionId: 'c1', mensajeId: 'm1' })).toEqual([
      'conversations/list/f1/',
      'conversations/c1',
      'conversations/c1/messages',
      'messages/unread',
    ]);
    expect(staleAfter('mensajes.vistos', { conversacionId: 'c2', usuarioId: 'u1', hasta: 'm1' })).toEqual([
      'conversations/list/f1/',
      'conversations/c2/messages',
      'messages/unread',
    ]);
    const calendar = [
      'calendar/today',
      'calendar/f1/events/2026-03-01/2026-04-01',
      'calendar/f2/events/2026-03-01/2026-04-01',
      'calendar/f1/swaps',
    ];
    expect(staleAfter('eventos', { familiaId: 'f1', eventoId: 'e1' })).toEqual(calendar);
    expect(staleAfter('custodia', { familiaId: 'f1', que: 'periodos' })).toEqual(calendar);
    expect(staleAfter('dinero', { familiaId: 'f1', gastoId: 'g1' })).toEqual(['money/f1/balance']);
    expect(staleAfter('documentos', { familiaId: 'f1', documentoId: 'd1' })).toEqual(['documents/f1/storage', 'profile/summary']);
  });
});

describe('collectLive', () => {
  it("gathers each kind's invalidations in the order of the parts", () => {
    const calls: string[] = [];
    const mark = (name: string) => vi.fn(() => void calls.push(name));
    const rest: LiveParts = Object.fromEntries(documentedKinds().filter((kind) => kind !== 'hijos').map((kind) => [kind, mark(`rest:${kind}`)]));
    const first = { hijos: mark('first:hijos') };
    const second = { hijos: mark('second:hijos'), dinero: mark('second:dinero') };
    const collected = collectLive([first, second, rest]);
    const client = new QueryClient();
    collected.hijos.forEach((invalidate) => invalidate(client, {}));
    collected.dinero.forEach((invalidate) => invalidate(client, {}));
    expect(calls).toEqual(['first:hijos', 'second:hijos', 'second:dinero', 'rest:dinero']);
    expect(collected.familia).toHaveLength(1);
  });
});
