import { describe, expect, it } from 'vitest';
import { seriesTimes } from './EventDialog';

describe('changing a whole series from one of its occurrences', () => {
  it('keeps the series start when only the time changes', () => {
    // Series from 2 March at 17:30; the occurrence of 16 March moved to 18:00 and made 90 minutes long.
    expect(seriesTimes({ inicio: '2026-03-02T17:30:00' }, '2026-03-16T17:30:00', '2026-03-16T18:00:00', '2026-03-16T19:30:00', false)).toEqual({
      inicio: '2026-03-02T18:00:00',
      fin: '2026-03-02T19:30:00',
    });
  });

  it('moves the series start by as many days as the occurrence moved', () => {
    expect(seriesTimes({ inicio: '2026-03-02T17:30:00' }, '2026-03-16T17:30:00', '2026-03-17T17:30:00', '2026-03-17T18:30:00', false)).toEqual({
      inicio: '2026-03-03T17:30:00',
      fin: '2026-03-03T18:30:00',
    });
  });

  it('works with all-day series and keeps their length in days', () => {
    expect(seriesTimes({ inicio: '2024-02-29' }, '2026-02-28', '2026-02-28', '2026-03-01', true)).toEqual({ inicio: '2024-02-29', fin: '2024-03-01' });
  });

  it('leaves the end out when the form has none', () => {
    expect(seriesTimes({ inicio: '2026-03-02T17:30:00' }, '2026-03-16T17:30:00', '2026-03-16T17:30:00', null, false)).toEqual({ inicio: '2026-03-02T17:30:00', fin: null });
  });
});
