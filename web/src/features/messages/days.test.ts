import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, safeZone, timeOfDay, withDaySeparators } from './days';
import { aMessage, ana } from './fixtures';
import type { Message } from './types';

const message = (id: string, enviadoAt: string): Message => aMessage({ _id: id, autor: ana, vistas: [], enviadoAt });

describe('day separators', () => {
  it('put one marker before the first message of each day in the user\'s zone', () => {
    // 02:30 UTC on the 24th is still the 23rd in Buenos Aires (UTC-3).
    const list = [message('a', '2026-11-23T15:00:00Z'), message('b', '2026-11-24T02:30:00Z'), message('c', '2026-11-24T12:00:00Z')];
    const items = withDaySeparators(list, 'America/Argentina/Buenos_Aires');
    expect(items.map((i) => (i.kind === 'day' ? `day:${dayKey(i.at, 'America/Argentina/Buenos_Aires')}` : i.message._id))).toEqual([
      'day:2026-11-23',
      'a',
      'b',
      'day:2026-11-24',
      'c',
    ]);
    // In UTC the second message already belongs to the 24th.
    expect(withDaySeparators(list, 'UTC').filter((i) => i.kind === 'day')).toHaveLength(2);
  });

  it('read today, yesterday, or the date in the locale, with the year only when it differs', () => {
    const now = new Date('2026-11-24T15:00:00Z');
    const words = { today: 'Hoy', yesterday: 'Ayer' };
    expect(dayLabel('2026-11-24T10:00:00Z', now, 'es-AR', words, 'UTC')).toBe('Hoy');
    expect(dayLabel('2026-11-23T10:00:00Z', now, 'es-AR', words, 'UTC')).toBe('Ayer');
    expect(dayLabel('2026-11-20T10:00:00Z', now, 'es-AR', words, 'UTC')).toBe('Viernes, 20 de noviembre');
    expect(dayLabel('2026-11-20T10:00:00Z', now, 'en-US', words, 'UTC')).toBe('Friday, November 20');
    expect(dayLabel('2025-03-02T10:00:00Z', now, 'en-US', words, 'UTC')).toBe('Sunday, March 2, 2025');
  });

  it('write times of day in the zone', () => {
    expect(timeOfDay('2026-11-24T17:32:00Z', 'es-AR', 'America/Argentina/Buenos_Aires')).toBe('14:32');
    expect(timeOfDay('2026-11-24T17:32:00Z', 'en-US', 'America/Argentina/Buenos_Aires')).toBe('14:32');
  });

  it('ignore a zone the browser does not know', () => {
    expect(safeZone('Mars/Olympus')).toBeUndefined();
    expect(safeZone(null)).toBeUndefined();
    expect(safeZone('Europe/Madrid')).toBe('Europe/Madrid');
  });
});
