import { formatDate } from '../../lib/dates';
import { ageOn } from './age';

describe('ageOn', () => {
  const today = new Date(2026, 10, 22);
  it('counts whole years', () => {
    expect(ageOn('2016-04-12', today)).toBe(10);
  });
  it('subtracts one before this year’s birthday', () => {
    expect(ageOn('2016-11-23', today)).toBe(9);
    expect(ageOn('2016-12-01', today)).toBe(9);
  });
  it('counts the birthday itself', () => {
    expect(ageOn('2016-11-22', today)).toBe(10);
  });
  it('is zero for a baby', () => {
    expect(ageOn('2026-10-01', today)).toBe(0);
  });
});

describe('formatDate', () => {
  it('does not shift the day across time zones', () => {
    expect(formatDate('2016-04-12', 'en')).toBe('April 12, 2016');
    expect(formatDate('2016-04-12', 'es')).toBe('12 de abril de 2016');
  });
});
