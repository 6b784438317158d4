import { describe, expect, it } from 'vitest';
import { formatSize, isFolded, markUpTo, seenState } from './seen';
import { aMessage, ana } from './fixtures';
import type { Message } from './types';

const people = [
  { _id: 'ana', nombre: 'Ana', apellido: 'García', foto: null },
  { _id: 'bruno', nombre: 'Bruno', apellido: 'Pérez', foto: null },
  { _id: 'carla', nombre: 'Carla', apellido: 'Ruiz', foto: null },
];

const message = (over: Partial<Message>): Message => aMessage({ autor: ana, vistas: [], ...over });

describe('seenState', () => {
  it('says sent until the one recipient sees it, then when', () => {
    expect(seenState(message({ vistas: [{ usuarioId: 'bruno', vistaAt: null }] }), people)).toEqual({ kind: 'sent' });
    expect(seenState(message({ vistas: [{ usuarioId: 'bruno', vistaAt: '2026-11-24T12:05:00Z' }] }), people)).toEqual({ kind: 'seen', at: '2026-11-24T12:05:00Z' });
    expect(seenState(message({ vistas: [] }), people)).toEqual({ kind: 'sent' });
  });

  it('names each recipient when there are several and someone saw it', () => {
    const state = seenState(
      message({ vistas: [{ usuarioId: 'bruno', vistaAt: '2026-11-24T12:05:00Z' }, { usuarioId: 'carla', vistaAt: null }] }),
      people,
    );
    expect(state).toEqual({
      kind: 'each',
      entries: [
        { usuarioId: 'bruno', name: 'Bruno', at: '2026-11-24T12:05:00Z' },
        { usuarioId: 'carla', name: 'Carla', at: null },
      ],
    });
    expect(seenState(message({ vistas: [{ usuarioId: 'bruno', vistaAt: null }, { usuarioId: 'carla', vistaAt: null }] }), people)).toEqual({ kind: 'sent' });
  });
});

describe('markUpTo', () => {
  it('is the newest message when one sent to me is unseen by me, else nothing', () => {
    const older = message({ _id: 'm1', autor: { _id: 'bruno', nombre: 'Bruno', apellido: 'Pérez' }, vistas: [{ usuarioId: 'ana', vistaAt: null }] });
    const mine = message({ _id: 'm2', vistas: [{ usuarioId: 'bruno', vistaAt: null }] });
    expect(markUpTo([older, mine], 'ana')).toBe('m2');
    expect(markUpTo([{ ...older, vistas: [{ usuarioId: 'ana', vistaAt: '2026-11-24T12:01:00Z' }] }, mine], 'ana')).toBeNull();
    expect(markUpTo([], 'ana')).toBeNull();
  });
});

describe('the shield', () => {
  const hostile = message({ _id: 'h', tono: 'hostil', autor: { _id: 'bruno', nombre: 'Bruno', apellido: 'Pérez' } });
  it('folds a hostile message from someone else while it is on', () => {
    expect(isFolded(hostile, 'ana', true, new Set())).toBe(true);
    expect(isFolded(hostile, 'ana', false, new Set())).toBe(false);
  });
  it('never folds my own messages, calm ones, or one already shown', () => {
    expect(isFolded({ ...hostile, autor: { _id: 'ana', nombre: 'Ana', apellido: 'García' } }, 'ana', true, new Set())).toBe(false);
    expect(isFolded({ ...hostile, tono: 'atencion' }, 'ana', true, new Set())).toBe(false);
    expect(isFolded(hostile, 'ana', true, new Set(['h']))).toBe(false);
  });
  it('folds a hostile message of an erased account', () => {
    expect(isFolded({ ...hostile, autor: null }, 'ana', true, new Set())).toBe(true);
  });
  it('keeps folded what the server folded, as it came without its text', () => {
    const withoutText: Message = { ...hostile, texto: '', plegado: true };
    expect(isFolded(withoutText, 'ana', true, new Set(['h']))).toBe(true);
  });
  it('folds a quote of a folded message until that message is shown', () => {
    const quote = { _id: 'h', numero: 1, autor: hostile.autor, texto: 'Sos un desastre', tono: 'hostil' as const, plegado: false, enviadoAt: hostile.enviadoAt };
    expect(isFolded(quote, 'ana', true, new Set())).toBe(true);
    expect(isFolded(quote, 'ana', true, new Set(['h']))).toBe(false);
    expect(isFolded(quote, 'bruno', true, new Set())).toBe(false);
  });
});

describe('formatSize', () => {
  it('writes sizes in the locale', () => {
    expect(formatSize(512, 'en-US')).toBe('512 B');
    expect(formatSize(2.4 * 1024 * 1024, 'es-AR')).toBe('2,4 MB');
    expect(formatSize(820 * 1024, 'en-US')).toBe('820 KB');
  });
});
