/**
 * The share preview: the server's rule (server/src/money/split.rs) in BigInt, so the dialog shows
 * to the cent what saving will store. Each share is floor(amount × weight / total); the minor
 * units left over go one each by the largest remainder, ties first to those who did not pay in
 * the order they joined the family, the payer last.
 */

export interface Weighted {
  usuarioId: string;
  /** A percentage in hundredths (62.5 % is 6250n), a monthly income in minor units, or 1n. */
  weight: bigint;
}

export type SplitError = 'noParticipants' | 'repeated' | 'noWeight' | 'amount';

export type SplitResult = { ok: true; shares: bigint[] } | { ok: false; error: SplitError };

/** The shares of `amount`, in the order of `participants` (the order they joined the family). */
export function split(amount: bigint, participants: readonly Weighted[], payer: string): SplitResult {
  if (amount <= 0n) return { ok: false, error: 'amount' };
  if (participants.length === 0) return { ok: false, error: 'noParticipants' };
  if (new Set(participants.map((p) => p.usuarioId)).size !== participants.length) return { ok: false, error: 'repeated' };
  const total = participants.reduce((sum, p) => sum + p.weight, 0n);
  if (total <= 0n || participants.some((p) => p.weight < 0n)) return { ok: false, error: 'noWeight' };
  const shares = participants.map((p) => (amount * p.weight) / total);
  const remainders = participants.map((p) => (amount * p.weight) % total);
  const left = amount - shares.reduce((sum, s) => sum + s, 0n);
  const order = participants.map((_, i) => i);
  order.sort((a, b) => {
    if (remainders[a] !== remainders[b]) return remainders[b]! > remainders[a]! ? 1 : -1;
    const payerA = participants[a]!.usuarioId === payer ? 1 : 0;
    const payerB = participants[b]!.usuarioId === payer ? 1 : 0;
    return payerA - payerB || a - b;
  });
  for (const i of order.slice(0, Number(left))) shares[i] = shares[i]! + 1n;
  return { ok: true, shares };
}
