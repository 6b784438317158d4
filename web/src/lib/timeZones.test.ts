import { filterZones, searchable, zoneCity, zoneLabel, zoneOffset, zoneOptions } from './timeZones';

// A fixed instant, away from any daylight-saving change in the zones below.
const JANUARY = new Date('2026-01-15T12:00:00Z');

describe('time zones', () => {
  it('labels a zone with its city and offset', () => {
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneOffset('America/Argentina/Buenos_Aires', JANUARY)).toBe('GMT-3');
    expect(zoneLabel('America/Argentina/Buenos_Aires', JANUARY)).toBe('Buenos Aires (GMT-3)');
    expect(zoneLabel('Asia/Kolkata', JANUARY)).toBe('Kolkata (GMT+5:30)');
    // Madrid is an hour ahead of UTC in winter, two in summer.
    expect(zoneOffset('Europe/Madrid', JANUARY)).toBe('GMT+1');
    expect(zoneOffset('Europe/Madrid', new Date('2026-07-15T12:00:00Z'))).toBe('GMT+2');
  });

  it('offers every zone the browser knows and keeps the current one', () => {
    const options = zoneOptions('Europe/Madrid', JANUARY);
    expect(options.length).toBeGreaterThan(300);
    expect(options.filter((o) => o.value === 'Europe/Madrid')).toHaveLength(1);
    // Browsers list some zones by an older name: the saved spelling replaces it, once.
    const home = zoneOptions('America/Argentina/Buenos_Aires', JANUARY);
    expect(home.filter((o) => o.label === 'Buenos Aires (GMT-3)').map((o) => o.value)).toEqual(['America/Argentina/Buenos_Aires']);
    expect(home).toHaveLength(options.length);
    const unknown = zoneOptions('Mars/Olympus_Mons', JANUARY);
    expect(unknown[0]?.value).toBe('Mars/Olympus_Mons');
  });

  it('finds zones by city, region or offset, without accents or underscores', () => {
    const options = zoneOptions('', JANUARY);
    expect(filterZones(options, 'são paulo').map((o) => o.value)).toContain('America/Sao_Paulo');
    expect(filterZones(options, 'buenos aires').map((o) => o.label)).toContain('Buenos Aires (GMT-3)');
    expect(filterZones(options, 'europe madrid').map((o) => o.value)).toEqual(['Europe/Madrid']);
    expect(filterZones(options, 'gmt+5:30').some((o) => ['Asia/Kolkata', 'Asia/Calcutta'].includes(o.value))).toBe(true);
    expect(filterZones(options, '   ')).toHaveLength(options.length);
    expect(filterZones(options, 'atlantis')).toEqual([]);
    expect(searchable('Ciudad_de_México')).toBe('ciudad de mexico');
  });
});
