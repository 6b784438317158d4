import { cpuPercent, uptimeParts } from './status';

describe('cpuPercent', () => {
  it('scales a load of 4 to a full bar', () => {
    expect(cpuPercent(0)).toBe(0);
    expect(cpuPercent(1)).toBe(25);
    expect(cpuPercent(2.5)).toBe(62.5);
    expect(cpuPercent(4)).toBe(100);
  });

  it('caps at 100 and ignores nonsense', () => {
    expect(cpuPercent(9.3)).toBe(100);
    expect(cpuPercent(-1)).toBe(0);
    expect(cpuPercent(Number.NaN)).toBe(0);
  });
});

describe('uptimeParts', () => {
  it('keeps the two largest units', () => {
    expect(uptimeParts(59)).toEqual([{ unit: 'minutes', count: 0 }]);
    expect(uptimeParts(3_700)).toEqual([
      { unit: 'hours', count: 1 },
      { unit: 'minutes', count: 1 },
    ]);
    expect(uptimeParts(3 * 86_400 + 4 * 3_600 + 120)).toEqual([
      { unit: 'days', count: 3 },
      { unit: 'hours', count: 4 },
    ]);
  });
});
