import { formatDate, localeOf } from '../../../lib/dates';
import type { ChildToday, FamilyToday, Holding, Today, UpcomingEvent } from './api';
import { browserSpelling, browserZone, clock, formatInstant, formatTime, ymdIn } from '../../../lib/format';

const DAY_MS = 86_400_000;
/** Up to this many days ahead a weekday alone says which day it is. */
const WEEKDAY_ONLY_DAYS = 6;

/** The date (YYYY-MM-DD) an instant falls on in `zone`. */
export function dateInZone(instant: string, zone: string): string {
  return ymdIn(zone, instant);
}

/** Whole days from one YYYY-MM-DD date to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** An event's title; a child's appointment recorded without its kind of visit is named for what it is (`appointment`). */
export function eventTitle(e: { titulo: string; origen?: { tipo: string } | null }, appointment: string): string {
  return e.titulo || (e.origen?.tipo === 'turno' ? appointment : '');
}

/** The time of day of an instant in `zone`, as the interface language writes it ("18:00", "6:00 PM"). */
export function timeInZone(instant: string, zone: string, language: string): string {
  return formatTime(instant, language, zone);
}

/**
 * When something happens, as the Today panel says it: today, tomorrow, a weekday within the week,
 * or a full date further on; always with the time in the family's zone. `kind` picks the sentence.
 */
export interface Moment {
  kind: 'today' | 'tomorrow' | 'soon' | 'later';
  day: string;
  time: string;
}

export function momentOf(instant: string, zone: string, today: string, language: string): Moment {
  const date = dateInZone(instant, zone);
  const days = daysBetween(today, date);
  const time = timeInZone(instant, zone, language);
  if (days === 0) return { kind: 'today', day: '', time };
  if (days === 1) return { kind: 'tomorrow', day: '', time };
  if (days > 1 && days <= WEEKDAY_ONLY_DAYS) return { kind: 'soon', day: formatDate(date, language, { weekday: 'long' }), time };
  return { kind: 'later', day: formatDate(date, language, { weekday: 'long', day: 'numeric', month: 'long' }), time };
}

/** Children held by the same person until the same time: one sentence names them together. */
export interface HoldingGroup {
  children: string[];
  holder: Holding;
}

/**
 * Who has whom now. Without children the family's custody still says who holds their nights;
 * children without a holder (no schedule yet) are left out.
 */
export function holdingGroups(family: FamilyToday): HoldingGroup[] {
  if (family.hijos.length === 0) return family.ahora ? [{ children: [], holder: family.ahora }] : [];
  const groups = new Map<string, HoldingGroup>();
  for (const child of family.hijos) {
    if (!child.con) continue;
    const key = `${child.con.usuarioId}|${child.con.hasta ?? ''}`;
    const group = groups.get(key) ?? { children: [], holder: child.con };
    group.children.push(child.nombre);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** "Lucía y Mateo" / "Lucía and Mateo". */
export function joinNames(names: string[], language: string): string {
  return new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(names);
}

/** Whether a family has a custody schedule that says anything now or ahead. */
export const hasCustody = (family: FamilyToday) => Boolean(family.ahora || family.proximoIntercambio);

/** Today's events, all-day ones first, then by start. */
export function eventsInOrder(family: FamilyToday): FamilyToday['eventosHoy'] {
  const startOf = (inicio: string) => Date.parse(inicio);
  return [...family.eventosHoy].sort((a, b) => Number(b.todoElDia) - Number(a.todoElDia) || startOf(a.inicio) - startOf(b.inicio));
}

/** A coming event's day, and its time unless it lasts all day: "jue 26 nov 17:30". */
export function upcomingWhen(event: UpcomingEvent, zone: string, language: string): string {
  const short: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
  if (event.todoElDia) return formatDate(event.inicio.slice(0, 10), language, short);
  return formatInstant(event.inicio, language, { ...short, ...clock(language), timeZone: zone });
}

/** What the children list shows of one child: their last activity and coming events, and the family's zone for the dates. */
export interface ChildActivity {
  child: ChildToday;
  zone: string;
}

/** Each child of every family, by id. */
export function activityByChild(today: Today | undefined): Record<string, ChildActivity> | undefined {
  if (!today) return undefined;
  return Object.fromEntries(today.familias.flatMap((f) => f.hijos.map((child) => [child.hijoId, { child, zone: f.zonaHoraria }])));
}


/**
 * Whether the device keeps the family's time, so its times need no note. Both names go through the
 * engine's own spelling: a browser may call America/Argentina/Buenos_Aires America/Buenos_Aires.
 */
export function isDeviceZone(zone: string): boolean {
  try {
    return browserSpelling(zone) === browserZone();
  } catch {
    return false;
  }
}
