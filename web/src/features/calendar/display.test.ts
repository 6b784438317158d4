import { describe, expect, it } from 'vitest';
import { calendarItems, lastExchange, limitedSeries, RECORD_COLOUR, startOfDay, wallClock } from './display';
import type { Night, Occurrence } from './types';

const night = (fecha: string, usuarioId: string): Night => ({ fecha, usuarioId });

describe('what the calendar draws', () => {
  it('asks for whole days where the family lives', () => {
    expect(startOfDay('2026-03-29', 'Europe/Madrid')).toBe('2026-03-28T23:00:00Z');
    expect(startOfDay('2026-03-30', 'Europe/Madrid')).toBe('2026-03-29T22:00:00Z');
  });

  it("shows an occurrence at the family's wall-clock time, whatever its offset", () => {
    expect(wallClock('2026-03-29T03:30:00+02:00', 'Europe/Madrid')).toBe('2026-03-29T03:30:00');
    expect(wallClock('2026-03-29T01:30:00Z', 'America/Argentina/Buenos_Aires')).toBe('2026-03-28T22:30:00');
    expect(wallClock('2026-03-29', 'Europe/Madrid')).toBe('2026-03-29');
  });

  it("colours events by author and nights by holder, all-day ends made exclusive", () => {
    const occurrence = {
      eventoId: 'e1',
      ocurrencia: '2026-03-02',
      inicio: '2026-03-02',
      fin: '2026-03-03',
      todoElDia: true,
      titulo: 'Viaje',
      autorId: 'u1',
    } as Occurrence;
    const colours = { u1: { colour: '#111111', nightColour: '#eeeeee', colourClass: 'nido-parent-0' } };
    const items = calendarItems([occurrence], [night('2026-03-02', 'u1')], 'Europe/Madrid', (id) => (id ? colours[id as 'u1'] : undefined));
    expect(items).toEqual([
      { start: '2026-03-02', allDay: true, display: 'background', className: 'nido-night nido-parent-0', color: '#eeeeee' },
      expect.objectContaining({ title: 'Viaje', start: '2026-03-02', end: '2026-03-04', allDay: true, color: '#111111' }),
    ]);
  });

  it("draws what a child's record puts on the calendar in its own colour and words", () => {
    const swim = { eventoId: 'a1', ocurrencia: '2026-03-03T17:30:00', inicio: '2026-03-03T17:30:00+01:00', fin: '2026-03-03T18:30:00+01:00', todoElDia: false, titulo: 'Natación', autorId: null, origen: { tipo: 'actividad', hijoId: 'h1', id: 'a1' } } as Occurrence;
    const items = calendarItems([swim], [], 'Europe/Madrid', () => ({ colour: '#111111', nightColour: '#eeeeee', colourClass: 'nido-parent-0' }), (o) => `${o.titulo} · Tomás`);
    expect(items).toEqual([
      expect.objectContaining({ title: 'Natación · Tomás', start: '2026-03-03T17:30:00', end: '2026-03-03T18:30:00', color: RECORD_COLOUR, className: 'nido-event nido-event-record' }),
    ]);
  });

  it('names each series cut short once', () => {
    const o = (eventoId: string, titulo: string, limitado: boolean) => ({ eventoId, titulo, limitado }) as Occurrence;
    expect(limitedSeries([o('e1', 'Medicación', true), o('e1', 'Medicación', true), o('e2', 'Viaje', false), o('e3', 'Agua', true)])).toEqual(['Medicación', 'Agua']);
    expect(limitedSeries([o('e2', 'Viaje', false)])).toEqual([]);
  });

  it('finds the latest exchange among recent nights', () => {
    const nights = [night('2026-03-01', 'a'), night('2026-03-02', 'a'), night('2026-03-03', 'b'), night('2026-03-04', 'b'), night('2026-03-05', 'a'), night('2026-03-06', 'a')];
    expect(lastExchange(nights)).toBe('2026-03-05');
    expect(lastExchange(nights.slice(0, 2))).toBeUndefined();
    expect(lastExchange([])).toBeUndefined();
  });
});
