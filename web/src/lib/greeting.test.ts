import { greetingKey } from './greeting';

const at = (h: number, m = 0) => new Date(2026, 0, 5, h, m);

describe('greetingKey', () => {
  it('says good morning before noon', () => {
    expect(greetingKey(at(0))).toBe('greeting.morning');
    expect(greetingKey(at(11, 59))).toBe('greeting.morning');
  });
  it('says good afternoon from 12:00 to before 18:00', () => {
    expect(greetingKey(at(12))).toBe('greeting.afternoon');
    expect(greetingKey(at(17, 59))).toBe('greeting.afternoon');
  });
  it('says good evening from 18:00', () => {
    expect(greetingKey(at(18))).toBe('greeting.evening');
    expect(greetingKey(at(23, 59))).toBe('greeting.evening');
  });
});
