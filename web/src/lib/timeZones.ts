/** IANA time zones as the browser knows them, labelled with the city and today's offset. */

import { browserSpelling, browserZone, zoneOffsetName } from './format';

/** What the server assumes when it is told nothing (the product's home). */
export const HOME_ZONE = 'America/Argentina/Buenos_Aires';

/** The browser's zone, to send when an account or a family is created; undefined when unknown. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = browserZone();
    // ICU says Etc/Unknown when the system has no zone set: better no zone than a wrong one.
    return zone && zone !== 'Etc/Unknown' ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function zoneCity(zone: string): string {
  const last = zone.split('/').pop() ?? zone;
  return last.replace(/_/g, ' ');
}

/** The zone's offset from UTC at `at`, as "GMT-3" or "GMT+5:30". */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  return zoneOffsetName(zone, at);
}

/** "Buenos Aires (GMT-3)": what a person reads in the picker. */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const offset = zoneOffset(zone, at);
  return offset ? `${zoneCity(zone)} (${offset})` : zoneCity(zone);
}

export interface ZoneOption {
  value: string;
  label: string;
  /** Lower case, without accents or underscores: what a search is compared with. */
  haystack: string;
}

/** Lower case, accents and underscores gone, so "sao paulo" finds America/Sao_Paulo. */
export const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/_/g, ' ')
    .toLowerCase();

function supportedZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * Every zone the browser knows. `current` is offered in its saved spelling: in place of the
 * browser's name for the same zone (browsers list older aliases), or first when it has none.
 */
export function zoneOptions(current: string, at: Date = new Date()): ZoneOption[] {
  const zones = supportedZones();
  if (current && !zones.includes(current)) {
    const alias = browserSpelling(current);
    const at = alias ? zones.indexOf(alias) : -1;
    if (at >= 0) zones[at] = current;
    else zones.unshift(current);
  }
  return zones.map((zone) => {
    const label = zoneLabel(zone, at);
    return { value: zone, label, haystack: searchable(`${zone} ${label}`) };
  });
}

/** The options whose name, city or offset contains every word typed. */
export function filterZones(options: ZoneOption[], query: string): ZoneOption[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((o) => words.every((w) => o.haystack.includes(w)));
}
