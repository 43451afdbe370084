export interface Timing {
  p50: number;
  p95: number;
  /** How many samples were taken (fewer than asked when the time cap stopped a slow query). */
  n: number;
}

export interface TimingOptions {
  rounds: number;
  warmup?: number;
  /** Stop early, after at least `minRounds`, once this much time has gone into the samples. */
  maxMs?: number;
  minRounds?: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Warms up, then times `fn` one call at a time and answers p50 and p95 in milliseconds. */
export async function time(
  fn: () => Promise<unknown>,
  { rounds, warmup = 20, maxMs = Infinity, minRounds = 5 }: TimingOptions,
): Promise<Timing> {
  const began = performance.now();
  for (let i = 0; i < warmup && (i < minRounds || performance.now() - began < maxMs / 4); i += 1) await fn();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < rounds && (samples.length < minRounds || performance.now() - started < maxMs)) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), n: samples.length };
}
