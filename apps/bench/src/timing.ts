// Helpers every bench shares: the median of paired runs, and the mean time of one round of an
// in-process computation.

/** The median; of an even count, the mean of the two middle values. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error("median of no values: a bench measured nothing");
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/**
 * Nanoseconds per call of `round`, after three calls that warm up the JIT: the mean over at least
 * `seconds` (default 2) and at least five calls, as the Go oracles time their side.
 */
export function timePerRound(round: () => void, seconds = 2): number {
  for (let i = 0; i < 3; i++) round();
  let rounds = 0;
  const budget = BigInt(Math.round(seconds * 1e9));
  const start = process.hrtime.bigint();
  while (process.hrtime.bigint() - start < budget || rounds < 5) {
    round();
    rounds++;
  }
  return Number(process.hrtime.bigint() - start) / rounds;
}
