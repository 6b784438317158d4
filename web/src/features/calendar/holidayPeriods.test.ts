import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { countryFor, describeDates, describeRule, holidayName, holidayYears, nightsIn, periodSchema, toPeriodInput, type Holders, type PeriodValues } from './holidayPeriods';
import type { Period } from './types';

const es = i18n.getFixedT('es');
const en = i18n.getFixedT('en');

const names: Record<string, string> = { ana: 'Ana', bruno: 'Bruno' };
const holders: Holders = {
  nameOf: (id) => names[id] ?? '?',
  otherOf: (id) => (id === 'ana' ? 'bruno' : id === 'bruno' ? 'ana' : undefined),
};

const period = (modo: Period['modo'], anual: boolean, desde = '2026-12-24', usuarioId = 'ana') => ({ desde, modo, usuarioId, anual });

describe('a holiday period in words', () => {
  it('names the one parent who holds it', () => {
    expect(describeRule(period('progenitor', true), holders, es)).toBe('Con Ana');
    expect(describeRule(period('progenitor', false), holders, en)).toBe('With Ana');
  });

  it('says who holds a yearly alternating period in even and in odd years', () => {
    expect(describeRule(period('alterna', true), holders, es)).toBe('Ana en los años pares, Bruno en los impares');
    expect(describeRule(period('alterna', true, '2027-12-24', 'bruno'), holders, en)).toBe('Bruno in even years, Ana in odd years');
  });

  it('says who takes the first half of a yearly split period in even and in odd years', () => {
    expect(describeRule(period('mitades', true, '2026-07-13'), holders, es)).toBe(
      'Por mitades: la primera mitad con Ana en los años pares y con Bruno en los impares',
    );
    expect(describeRule(period('mitades', true, '2026-07-13'), holders, en)).toBe('Split in halves: the first half with Ana in even years and with Bruno in odd years');
  });

  it('says who holds a one-off period that once, by the year of its first night', () => {
    // The API's parent takes the first half in even years: in 2027 it is the other one.
    expect(describeRule(period('mitades', false, '2027-07-12'), holders, es)).toBe('Por mitades: la primera con Bruno, la segunda con Ana');
    expect(describeRule(period('mitades', false, '2026-07-13'), holders, en)).toBe('Split in halves: the first with Ana, the second with Bruno');
    expect(describeRule(period('alterna', false, '2027-12-24'), holders, en)).toBe('With Bruno');
  });

  it('speaks of the other parent when the schedule has none for the holder', () => {
    expect(describeRule(period('alterna', true, '2026-12-24', 'carla'), holders, es)).toBe('? en los años pares, el otro progenitor en los impares');
  });

  it('gives the nights, without a year for a yearly period and with it once for a one-off one', () => {
    expect(describeDates({ desde: '2026-12-24', hasta: '2027-01-01', anual: true }, es, 'es')).toBe('Del 24 dic al 1 ene · cada año · 9 noches');
    expect(describeDates({ desde: '2026-12-24', hasta: '2026-12-24', anual: false }, es, 'es')).toBe('24 dic de 2026 · una vez · 1 noche');
    expect(describeDates({ desde: '2026-12-24', hasta: '2026-12-24', anual: false }, en, 'en')).toBe('Dec 24, 2026 · once · 1 night');
    expect(describeDates({ desde: '2026-07-13', hasta: '2026-07-24', anual: false }, es, 'es')).toBe('Del 13 jul al 24 jul de 2026 · una vez · 12 noches');
    expect(describeDates({ desde: '2026-07-13', hasta: '2026-07-24', anual: false }, en, 'en')).toBe('Jul 13 to Jul 24, 2026 · once · 12 nights');
    expect(describeDates({ desde: '2026-12-28', hasta: '2027-01-03', anual: false }, en, 'en')).toBe('Dec 28, 2026 to Jan 3, 2027 · once · 7 nights');
  });

  it('counts the nights of a range, both ends included, across a leap day', () => {
    expect(nightsIn('2028-02-28', '2028-03-01')).toBe(3);
    expect(nightsIn('2026-12-24', '2026-12-24')).toBe(1);
  });
});

describe('the add form', () => {
  const valid: PeriodValues = { nombre: 'Navidad', desde: '2026-12-24', hasta: '2026-12-26', modo: 'progenitor', usuarioId: 'ana', anual: false };
  const problems = (values: Partial<PeriodValues>, t = es) => {
    const result = periodSchema(t).safeParse({ ...valid, ...values });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes a complete period, and an empty last night as a single one', () => {
    expect(problems({})).toEqual({});
    expect(problems({ hasta: '' })).toEqual({});
    expect(toPeriodInput({ ...valid, hasta: '' }, holders.otherOf)).toMatchObject({ desde: '2026-12-24', hasta: '2026-12-24' });
  });

  it('names a missing or long name, a bad date and a missing parent', () => {
    expect(problems({ nombre: '   ' })).toEqual({ nombre: 'Escribe un nombre de hasta 100 caracteres.' });
    expect(problems({ nombre: 'x'.repeat(101) })).toEqual({ nombre: 'Escribe un nombre de hasta 100 caracteres.' });
    expect(problems({ desde: '2026-02-30' })).toEqual({ desde: 'Escribe una fecha válida.' });
    expect(problems({ hasta: 'mañana' }, en)).toEqual({ hasta: 'Enter a valid date.' });
    expect(problems({ usuarioId: '' })).toEqual({ usuarioId: 'Elige quién lo tiene.' });
  });

  it('refuses a last night before the first, and more than 366 nights', () => {
    expect(problems({ hasta: '2026-12-23' })).toEqual({ hasta: 'La última noche no puede ser antes de la primera.' });
    expect(problems({ desde: '2026-01-01', hasta: '2027-01-01' })).toEqual({});
    expect(problems({ desde: '2026-01-01', hasta: '2027-01-02' }, en)).toEqual({ hasta: 'A period can have up to 366 nights.' });
  });

  it('asks for a yearly period to alternate by year', () => {
    expect(problems({ modo: 'alterna' })).toEqual({ modo: expect.stringContaining('solo sirve si se repite cada año') });
    expect(problems({ modo: 'alterna', anual: true })).toEqual({});
  });

  it('sends who takes the first half of a one-off split in an odd year as the other parent, as the API reads it', () => {
    expect(toPeriodInput({ ...valid, modo: 'mitades', desde: '2027-07-12', hasta: '2027-07-23' }, holders.otherOf).usuarioId).toBe('bruno');
    expect(toPeriodInput({ ...valid, modo: 'mitades', desde: '2026-07-13', hasta: '2026-07-24' }, holders.otherOf).usuarioId).toBe('ana');
    expect(toPeriodInput({ ...valid, modo: 'mitades', anual: true, desde: '2027-07-12', hasta: '2027-07-23' }, holders.otherOf).usuarioId).toBe('ana');
    expect(toPeriodInput({ ...valid, nombre: '  Navidad ' }, holders.otherOf).nombre).toBe('Navidad');
  });
});

describe('national-holiday suggestions', () => {
  it('suggest Spain for Spanish zones and Argentina for the rest', () => {
    expect(countryFor('Europe/Madrid')).toBe('ES');
    expect(countryFor('Atlantic/Canary')).toBe('ES');
    expect(countryFor('America/Argentina/Buenos_Aires')).toBe('AR');
    expect(countryFor('America/Montevideo')).toBe('AR');
  });

  it('are named in the page’s language when the data gives both names', () => {
    expect(holidayName("Año Nuevo [New Year's Day]", 'es')).toBe('Año Nuevo');
    expect(holidayName("Año Nuevo [New Year's Day]", 'en')).toBe("New Year's Day");
    expect(holidayName('Fiesta Nacional de España', 'en')).toBe('Fiesta Nacional de España');
    const twoInOneDay = 'Día del Veterano [Veterans Day], Semana Santa (Jueves Santo) [Holy day (Holy Thursday)]';
    expect(holidayName(twoInOneDay, 'es')).toBe('Día del Veterano, Semana Santa (Jueves Santo)');
    expect(holidayName(twoInOneDay, 'en')).toBe('Veterans Day, Holy day (Holy Thursday)');
  });

  it('offer this year and the next, within the years the data covers', () => {
    expect(holidayYears('2026-11-24')).toEqual([2026, 2027]);
    expect(holidayYears('2030-05-01')).toEqual([2030]);
    expect(holidayYears('2031-05-01')).toEqual([]);
  });
});
