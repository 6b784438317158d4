import { describe, expect, it } from 'vitest';
import { split, type Weighted } from './split';

// The cases of server/src/money/split.rs's tests: the preview must match the server to the cent.
const people = (weights: [string, bigint][]): Weighted[] => weights.map(([usuarioId, weight]) => ({ usuarioId, weight }));
const shares = (amount: bigint, who: Weighted[], payer: string) => {
  const result = split(amount, who, payer);
  return result.ok ? result.shares : result.error;
};

describe('split', () => {
  it('gives odd cents to the others before the payer', () => {
    const three = people([['ana', 1n], ['beto', 1n], ['carla', 1n]]);
    expect(shares(100n, three, 'ana')).toEqual([33n, 34n, 33n]);
    expect(shares(100n, three, 'beto')).toEqual([34n, 33n, 33n]);
    expect(shares(101n, three, 'ana')).toEqual([33n, 34n, 34n]);
    expect(shares(101n, three, 'carla')).toEqual([34n, 34n, 33n]);
    const two = people([['ana', 1n], ['beto', 1n]]);
    expect(shares(1n, two, 'beto')).toEqual([1n, 0n]);
    expect(shares(1n, two, 'nobody-here')).toEqual([1n, 0n]);
  });

  it('splits percentages with decimals by the largest remainder', () => {
    const p = people([['ana', 6250n], ['beto', 3750n]]);
    expect(shares(1001n, p, 'beto')).toEqual([626n, 375n]);
    expect(shares(1001n, p, 'ana')).toEqual([626n, 375n]);
    expect(shares(10_000n, p, 'ana')).toEqual([6250n, 3750n]);
    const thirds = people([['ana', 3333n], ['beto', 3333n], ['carla', 3334n]]);
    expect(shares(100n, thirds, 'carla')).toEqual([33n, 33n, 34n]);
  });

  it('weighs by incomes and lets one person bear it all', () => {
    const incomes = people([['ana', 150_000_000n], ['beto', 50_000_000n]]);
    expect(shares(9_999n, incomes, 'ana')).toEqual([7_499n, 2_500n]);
    expect(shares(12_345n, people([['beto', 1n]]), 'ana')).toEqual([12_345n]);
  });

  it('always adds up, even for the largest amounts', () => {
    const max = 2n ** 64n - 1n;
    const p = people([['a', max / 3n], ['b', max / 5n], ['c', 7n], ['d', 1n]]);
    for (const amount of [1n, 2n, 3n, 999_999_999_999n, 1_000_000_000_000n, 2n ** 63n - 1n]) {
      const result = split(amount, p, 'c');
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(result.shares.reduce((sum, s) => sum + s, 0n)).toBe(amount);
      expect(result.shares.every((s) => s >= 0n)).toBe(true);
    }
  });

  it('refuses what cannot be split', () => {
    const one = people([['ana', 1n]]);
    expect(shares(0n, one, 'ana')).toBe('amount');
    expect(shares(-5n, one, 'ana')).toBe('amount');
    expect(shares(5n, [], 'ana')).toBe('noParticipants');
    expect(shares(5n, people([['ana', 0n], ['beto', 0n]]), 'ana')).toBe('noWeight');
    expect(shares(5n, people([['ana', 1n], ['ana', 1n]]), 'ana')).toBe('repeated');
  });
});
