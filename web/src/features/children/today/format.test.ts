import { activityByChild, dateInZone, eventTitle, eventsInOrder, holdingGroups, isDeviceZone, joinNames, momentOf, upcomingWhen } from './format';
import { casaDeAna, todayOf } from './fixtures';

const BA = 'America/Argentina/Buenos_Aires';

describe('momentOf', () => {
  it('says today, tomorrow, a weekday within the week, then a full date, with the time in the family zone', () => {
    // 21:00Z is 18:00 in Buenos Aires.
    expect(momentOf('2026-11-24T21:00:00Z', BA, '2026-11-24', 'es')).toEqual({ kind: 'today', day: '', time: '18:00' });
    expect(momentOf('2026-11-25T21:00:00Z', BA, '2026-11-24', 'es').kind).toBe('tomorrow');
    expect(momentOf('2026-11-27T21:00:00Z', BA, '2026-11-24', 'es')).toEqual({ kind: 'soon', day: 'viernes', time: '18:00' });
    const later = momentOf('2026-12-07T21:00:00Z', BA, '2026-11-24', 'en');
    expect(later.kind).toBe('later');
    expect(later.day).toBe('Monday, December 7');
    expect(later.time).toMatch(/^6:00\sPM$/);
  });

  it('takes the day where the family lives, not where the instant is UTC', () => {
    // 01:30Z on the 25th is still the 24th, 22:30, in Buenos Aires.
    expect(dateInZone('2026-11-25T01:30:00Z', BA)).toBe('2026-11-24');
    expect(momentOf('2026-11-25T01:30:00Z', BA, '2026-11-24', 'es')).toEqual({ kind: 'today', day: '', time: '22:30' });
  });
});

describe('holdingGroups', () => {
  it('names the children held by the same parent until the same time together', () => {
    const groups = holdingGroups(casaDeAna());
    expect(groups).toHaveLength(1);
    expect(groups[0]?.children).toEqual(['Lucía', 'Mateo']);
    expect(groups[0]?.holder.usuarioId).toBe('u-ana');
    expect(joinNames(['Lucía', 'Mateo'], 'es')).toBe('Lucía y Mateo');
    expect(joinNames(['Lucía', 'Mateo', 'Sol'], 'en')).toBe('Lucía, Mateo, and Sol');
  });

  it('keeps the family custody when it has no children yet, and nothing without a schedule', () => {
    expect(holdingGroups(casaDeAna({ hijos: [] }))).toEqual([{ children: [], holder: casaDeAna().ahora }]);
    const noSchedule = casaDeAna({ ahora: null, proximoIntercambio: null });
    noSchedule.hijos = noSchedule.hijos.map((h) => ({ ...h, con: null }));
    expect(holdingGroups(noSchedule)).toEqual([]);
  });
});

describe('eventsInOrder', () => {
  it('puts all-day events first, then by start', () => {
    expect(eventsInOrder(casaDeAna()).map((e) => e.titulo)).toEqual(['Feriado escolar', 'Natación']);
  });
});

describe('upcomingWhen', () => {
  it('gives the date of an all-day event and the date and time of the others', () => {
    const [swim, dentist] = casaDeAna().hijos[0]!.proximosEventos;
    expect(upcomingWhen(dentist!, BA, 'es')).toBe('sáb, 28 nov');
    expect(upcomingWhen(dentist!, BA, 'en')).toBe('Sat, Nov 28');
    expect(upcomingWhen(swim!, BA, 'es')).toMatch(/^mar, 24 nov.*17:30$/);
  });
});

describe('activityByChild', () => {
  it('finds each child of every family by id, with their family zone', () => {
    const other = casaDeAna({ familiaId: 'f2', zonaHoraria: 'Europe/Madrid', hijos: [{ ...casaDeAna().hijos[1]!, hijoId: 'h-sol', nombre: 'Sol' }] });
    const byChild = activityByChild(todayOf([casaDeAna(), other]));
    expect(Object.keys(byChild ?? {}).sort()).toEqual(['h-lucia', 'h-mateo', 'h-sol']);
    expect(byChild?.['h-sol']?.zone).toBe('Europe/Madrid');
    expect(byChild?.['h-lucia']?.child.proximosEventosTotal).toBe(3);
    expect(activityByChild(undefined)).toBeUndefined();
  });
});

describe('isDeviceZone', () => {
  it("knows the device's own zone, and says no for another or an unknown one", () => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(isDeviceZone(own)).toBe(true);
    expect(isDeviceZone(own === 'Asia/Tokyo' ? 'Europe/Madrid' : 'Asia/Tokyo')).toBe(false);
    expect(isDeviceZone('Not/A_Zone')).toBe(false);
  });
});

describe('eventTitle', () => {
  it("names a child's appointment recorded without its kind, and nothing else", () => {
    expect(eventTitle({ titulo: '', origen: { tipo: 'turno' } }, 'Turno médico')).toBe('Turno médico');
    expect(eventTitle({ titulo: 'Pediatra', origen: { tipo: 'turno' } }, 'Turno médico')).toBe('Pediatra');
    expect(eventTitle({ titulo: 'Natación', origen: null }, 'Turno médico')).toBe('Natación');
  });
});
