import { Temporal } from 'temporal-polyfill';
import type { EventInput as CalendarItem } from '@fullcalendar/react';
import type { Night, Occurrence } from './types';

/** The instant (RFC 3339, UTC) at which a date begins in `zone`: the API's `desde`/`hasta`. */
export function startOfDay(date: string, zone: string): string {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).toInstant().toString();
}

/** The wall-clock time (YYYY-MM-DDTHH:MM:SS) of an RFC 3339 instant in `zone`; a plain date stays as it is. */
export function wallClock(value: string, zone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return Temporal.Instant.from(value).toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'second' });
}

/** Whether an occurrence has begun: started events are locked except for their notes. */
export function hasStarted(occurrence: Occurrence, now: Date = new Date()): boolean {
  if (occurrence.todoElDia) {
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(occurrence.zonaHoraria).toPlainDate();
    return Temporal.PlainDate.compare(Temporal.PlainDate.from(occurrence.inicio.slice(0, 10)), today) <= 0;
  }
  return Temporal.Instant.compare(Temporal.Instant.from(occurrence.inicio), Temporal.Instant.fromEpochMilliseconds(now.getTime())) <= 0;
}

/** The key that tells one occurrence of a series from another. */
export const occurrenceKey = (o: Occurrence) => `${o.eventoId}|${o.inicio}`;

/** A co-parent's colours (by their place among the family's co-parents), if the id is one. */
export type ParentColour = (usuarioId: string | null | undefined) => { colour: string; nightColour: string; colourClass: string } | undefined;

/** A child's activities and appointments, which have no author, share one colour of their own (white text on it passes AA). */
export const RECORD_COLOUR = '#44617b';

/** How an occurrence is titled on the grid. */
export type TitleOf = (o: Occurrence) => string;

/**
 * What FullCalendar draws: each occurrence at its wall-clock time in the family's zone (the
 * calendar runs in UTC, so those times are handed over as they are), coloured by its author (what
 * a child's record puts there in a colour of its own), and each night as a background band in the
 * colour of the parent who holds it.
 */
export function calendarItems(occurrences: Occurrence[], nights: Night[], zone: string, colourOf: ParentColour, titleOf: TitleOf = (o) => o.titulo): CalendarItem[] {
  const events: CalendarItem[] = occurrences.map((o) => ({
    id: occurrenceKey(o),
    title: titleOf(o),
    start: o.todoElDia ? o.inicio.slice(0, 10) : wallClock(o.inicio, zone),
    end: o.fin ? (o.todoElDia ? endOfAllDay(o.fin) : wallClock(o.fin, zone)) : undefined,
    allDay: o.todoElDia,
    className: o.origen ? 'nido-event nido-event-record' : 'nido-event',
    color: o.origen ? RECORD_COLOUR : colourOf(o.autorId)?.colour,
    extendedProps: { occurrenceKey: occurrenceKey(o) },
  }));
  const bands: CalendarItem[] = nights.map((n) => ({
    start: n.fecha,
    allDay: true,
    display: 'background',
    // The parent's class lets a test or a stylesheet tell whose night it is.
    className: `nido-night ${colourOf(n.usuarioId)?.colourClass ?? ''}`.trim(),
    color: colourOf(n.usuarioId)?.nightColour,
  }));
  return [...bands, ...events];
}

/** An all-day event's `fin` is its last day; FullCalendar wants the day after (exclusive end). */
function endOfAllDay(fin: string): string {
  return Temporal.PlainDate.from(fin.slice(0, 10)).add({ days: 1 }).toString();
}

/** The series with occurrences left out of the answer (`limitado`), by title, once each. */
export function limitedSeries(occurrences: Occurrence[]): string[] {
  const seen = new Map<string, string>();
  for (const o of occurrences) if (o.limitado && !seen.has(o.eventoId)) seen.set(o.eventoId, o.titulo);
  return [...seen.values()];
}

/** The nights by date, for the day headings and the swap form. */
export function nightsByDate(nights: Night[]): Map<string, string> {
  return new Map(nights.map((n) => [n.fecha, n.usuarioId]));
}

/** Today's date in `zone`. */
export function todayIn(zone: string): string {
  return Temporal.Now.plainDateISO(zone).toString();
}

export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** The latest date on which the night changed hands (the exchange's date), among nights in date order. */
export function lastExchange(nights: Night[]): string | undefined {
  for (let i = nights.length - 1; i > 0; i -= 1) {
    const night = nights[i];
    const before = nights[i - 1];
    if (night && before && night.usuarioId !== before.usuarioId) return night.fecha;
  }
  return undefined;
}
