import autocannon from 'autocannon';

export interface LoadRun {
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors other than timeouts (autocannon's own count includes them). */
  errors: number;
  timeouts: number;
  /** Answers whose status was not the expected one (a 304 run expects 304, so 200s count here). */
  unexpected: number;
  total: number;
  /** The server's CPU time per answer (µs) and its share of one CPU over the run, when measured. */
  serverCpuUs?: number;
  serverBusy?: number;
}

export interface LoadOptions extends Omit<autocannon.Options, 'url'> {
  url: string;
  /** The status every answer must have; without it any 2xx. */
  expectStatus?: number;
}

/**
 * One autocannon run in this process, reduced to the figures the benches print. Every server a bench loads
 * runs in a process of its own (the built app, and the bare baseline of ./bare-server.ts), so the load
 * generator never shares an event loop with what it measures.
 */
export async function runAutocannon({ expectStatus, ...options }: LoadOptions): Promise<LoadRun> {
  const result = await autocannon({ ...options });
  const stats = result.statusCodeStats ?? {};
  const total = Object.values(stats).reduce((sum, s) => sum + (s?.count ?? 0), 0);
  const expected = expectStatus === undefined ? total - result.non2xx : (stats[`${expectStatus}`]?.count ?? 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    unexpected: total - expected,
    total,
  };
}

/** The middle item by `key` (the lower of the two middle ones for an even count). */
const middle = <T>(items: T[], key: (item: T) => number): T =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor((items.length - 1) / 2)]!;

/** The median of numbers, as medianRun picks its run. */
export const median = (values: number[]): number => middle(values, (v) => v);

/** The run with the median req/s, and the failures of every run added up (a failure is never averaged away). */
export function medianRun(runs: LoadRun[]): LoadRun {
  return {
    ...middle(runs, (r) => r.rps),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    unexpected: runs.reduce((n, r) => n + r.unexpected, 0),
  };
}
