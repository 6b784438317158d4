import type { components } from '../../api/schema';

/** The contract's event types and categories (issue 17); the form offers them in the document's order. */
export type EventType = components['schemas']['EventType'];
export type Category = components['schemas']['EventCategory'];

/** Reminder choices in minutes before; 10080, 1440 and 60 are the defaults (1 week, 1 day, 1 hour). */
export const REMINDERS = [10080, 2880, 1440, 120, 60, 15] as const;
/** The server keeps at most this many reminders per event. */
export const MAX_REMINDERS = 5;
export const DEFAULT_REMINDERS: number[] = [10080, 1440, 60];

/** What the event form sends: local wall-clock `inicio`/`fin` in `zonaHoraria`, or dates when all day. */
export type EventInput = components['schemas']['EventInput'];

/** An event as stored (a single one or a series): `inicio`/`fin` are local, the series' first. */
export type StoredEvent = components['schemas']['EventView'];

/** One occurrence of an event, as the calendar lists it: `inicio`/`fin` RFC 3339 with the real offset, or dates. */
export type Occurrence = components['schemas']['OccurrenceView'];

/** Which occurrences a change of a repeating event reaches: the API's `alcance`, or the whole series. */
export type Scope = components['schemas']['Reach'] | 'todas';

/** Custody, swaps and handovers, as the API's document describes them. */
export type Night = components['schemas']['Night'];
export type CustodySchedule = components['schemas']['ScheduleInput'] & Pick<components['schemas']['VersionView'], 'patron' | 'inicio' | 'progenitorA' | 'progenitorB' | 'horaIntercambio'>;
export type Swap = components['schemas']['SwapView'];
export type SwapInput = components['schemas']['SwapInput'];
export type HandoverInput = components['schemas']['HandoverInput'];
export type Period = components['schemas']['PeriodView'];
export type PeriodInput = components['schemas']['PeriodInput'];
export type Holiday = components['schemas']['Holiday'];
