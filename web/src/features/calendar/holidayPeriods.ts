import type { components } from '../../api/schema';
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import type { TFunction } from '../../i18n';
import { formatDate } from '../../lib/dates';
import type { Period } from './types';

/** Who holds a period, as the API names it: one parent, alternating by even and odd years, or halves. */
export const PERIOD_MODES = ['progenitor', 'alterna', 'mitades'] as const;
export type PeriodMode = (typeof PERIOD_MODES)[number];

/** The server's limits: a name of up to 100 characters, up to 366 nights. */
const NAME_MAX = 100;
export const MAX_NIGHTS = 366;

/** The years the national-holiday data covers. */
export const HOLIDAY_YEARS = { first: 2000, last: 2030 } as const;

export type Country = components['schemas']['HolidayCountry'];

function validDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

/** How many nights from `desde` to `hasta`, both included. */
export function nightsIn(desde: string, hasta: string): number {
  return Temporal.PlainDate.from(desde).until(Temporal.PlainDate.from(hasta), { largestUnit: 'days' }).days + 1;
}

/** The add form's checks, the same as the server's, so most mistakes are named before sending. */
export const periodSchema = (t: TFunction) =>
  z
    .object({
      nombre: z.string().trim().min(1, t('calendar.periods.errors.name')).max(NAME_MAX, t('calendar.periods.errors.name')),
      desde: z.string().refine(validDate, t('calendar.periods.errors.date')),
      // Empty: a single night.
      hasta: z.string().refine((v) => v === '' || validDate(v), t('calendar.periods.errors.date')),
      modo: z.enum(PERIOD_MODES),
      usuarioId: z.string().min(1, t('calendar.periods.errors.parent')),
      anual: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.modo === 'alterna' && !v.anual) ctx.addIssue({ code: 'custom', path: ['modo'], message: t('calendar.periods.errors.alternateOnce') });
      if (!validDate(v.desde) || v.hasta === '' || !validDate(v.hasta)) return;
      const nights = nightsIn(v.desde, v.hasta);
      if (nights < 1) ctx.addIssue({ code: 'custom', path: ['hasta'], message: t('calendar.periods.errors.inverted') });
      else if (nights > MAX_NIGHTS) ctx.addIssue({ code: 'custom', path: ['hasta'], message: t('calendar.periods.errors.tooLong', { max: MAX_NIGHTS }) });
    });

export type PeriodValues = z.infer<ReturnType<typeof periodSchema>>;

/**
 * Who holds the night of a period's year: the schedule's other parent of a period's `usuarioId`
 * takes the odd years of an alternating period and the other half of a split one.
 */
export interface Holders {
  nameOf: (usuarioId: string) => string;
  otherOf: (usuarioId: string) => string | undefined;
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/**
 * What the form sends. A one-off period split in halves is asked as "who takes the first half";
 * the API's `usuarioId` takes the first half in even years, so in an odd year the other parent
 * is sent.
 */
export interface NewPeriod {
  nombre: string;
  desde: string;
  hasta: string;
  modo: PeriodMode;
  usuarioId: string;
  anual: boolean;
}

export function toPeriodInput(v: PeriodValues, otherOf: Holders['otherOf']): NewPeriod {
  const oddOnce = v.modo === 'mitades' && !v.anual && yearOf(v.desde) % 2 === 1;
  return {
    nombre: v.nombre.trim(),
    desde: v.desde,
    hasta: v.hasta || v.desde,
    modo: v.modo,
    usuarioId: oddOnce ? (otherOf(v.usuarioId) ?? v.usuarioId) : v.usuarioId,
    anual: v.anual,
  };
}

type Rule = Pick<Period, 'desde' | 'modo' | 'usuarioId' | 'anual'>;

/**
 * Who holds a period, in words: "Con Ana", "Ana en los años pares, Bruno en los impares",
 * "Por mitades: la primera mitad con Ana en los años pares y con Bruno en los impares". A one-off
 * period says who holds it that once, rather than a rule about years that will not come.
 */
export function describeRule(period: Rule, holders: Holders, t: TFunction): string {
  const evenId = period.usuarioId;
  const oddId = holders.otherOf(evenId);
  const even = holders.nameOf(evenId);
  const odd = oddId ? holders.nameOf(oddId) : t('calendar.periods.otherParent');
  const thisTime = yearOf(period.desde) % 2 === 0 ? { first: even, second: odd } : { first: odd, second: even };
  switch (period.modo) {
    case 'alterna':
      return period.anual ? t('calendar.periods.rule.alterna', { even, odd }) : t('calendar.periods.rule.progenitor', { name: thisTime.first });
    case 'mitades':
      return period.anual ? t('calendar.periods.rule.mitades', { even, odd }) : t('calendar.periods.rule.mitadesOnce', thisTime);
    default:
      return t('calendar.periods.rule.progenitor', { name: even });
  }
}

/**
 * When a period happens, in words: "Del 24 dic al 1 ene · cada año · 9 noches". A yearly period
 * shows days without a year, since it comes back on the same days; a one-off one names its year
 * once when both ends share it.
 */
export function describeDates(period: Pick<Period, 'desde' | 'hasta' | 'anual'>, t: TFunction, language: string): string {
  const day = (date: string) => formatDate(date, language, { day: 'numeric', month: 'short' });
  const inYear = (dates: string, date: string) => (period.anual ? dates : t('calendar.periods.dates.inYear', { dates, year: yearOf(date) }));
  const range = (from: string, to: string) => t('calendar.periods.dates.range', { from, to });
  const nights = nightsIn(period.desde, period.hasta);
  const sameYear = yearOf(period.desde) === yearOf(period.hasta);
  const span =
    nights === 1
      ? inYear(day(period.desde), period.desde)
      : sameYear || period.anual
        ? inYear(range(day(period.desde), day(period.hasta)), period.desde)
        : range(inYear(day(period.desde), period.desde), inYear(day(period.hasta), period.hasta));
  return [span, period.anual ? t('calendar.periods.dates.yearly') : t('calendar.periods.dates.once'), t('calendar.periods.dates.nights', { count: nights })].join(' · ');
}

/**
 * A national holiday's name in the page's language. The holiday data writes the country's name
 * with an English one after it in brackets ("Año Nuevo [New Year's Day]"), and joins two holidays
 * of one day with a comma.
 */
export function holidayName(name: string, language: string): string {
  const pieces = name.split(/\]\s*,\s*/).map((piece, i, all) => (i < all.length - 1 ? `${piece}]` : piece));
  const named = pieces.map((piece) => {
    const match = /^(.*?)\s*\[(.+)\]\s*$/.exec(piece);
    return match ? (language === 'en' ? match[2] : match[1])?.trim() || piece : piece;
  });
  return named.join(', ');
}

/**
 * The country whose national holidays are suggested first. A family has a time zone, not a
 * country: Europe's zones (and the Canaries and Ceuta) suggest Spain, the rest Argentina.
 */
export function countryFor(zone: string): Country {
  return zone.startsWith('Europe/') || zone === 'Atlantic/Canary' || zone === 'Africa/Ceuta' ? 'ES' : 'AR';
}

/** The years offered for suggestions: this one and the next, inside the data's years. */
export function holidayYears(today: string): number[] {
  const year = yearOf(today);
  return [year, year + 1].filter((y) => y >= HOLIDAY_YEARS.first && y <= HOLIDAY_YEARS.last);
}
