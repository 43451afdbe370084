// The mixed run's queueing breakdown as bench/load prints it: the client's latency per request kind, the
// admission gate (the wait for a turn, the time holding one, how many were ahead), and for PGlite in its
// thread each statement's wait for PGlite, time in it and return to the main thread, with the statements
// that took PGlite longest. The server's side comes from ./breakdown.mjs, preloaded into the app.
import type { KindLatencies } from './mixed.js';

interface Summary {
  n: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
}
interface Gate {
  wait: Summary;
  held: Summary;
}
interface Parts {
  waitForPglite: Summary;
  inPglite: Summary;
  backToMain: Summary;
  decode: Summary;
}
/** What ./breakdown.mjs writes. */
export interface ServerBreakdown {
  wallMs: number;
  requests: {
    all: Gate;
    insideOnArrival: Summary;
    waitingOnArrival: Summary;
    byRoute: Record<string, Gate>;
  };
  statements: { all: Parts; slowest: Array<Parts & { sql: string; inTransaction: boolean }> };
  transactions: { held: Summary };
}

const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : Math.round(v).toLocaleString('en-US')) : '–');
const pp = (s: Summary) => `p50 ${ms(s.p50)} / p99 ${ms(s.p99)} ms`;

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Lines to print, each prefixed with `prefix` (e.g. "load.mixed.pglite"). */
export function breakdownLines(prefix: string, client: KindLatencies, server: ServerBreakdown | undefined): string[] {
  const lines: string[] = [];
  const kinds = [...client].map(([name, times]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { name, n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
  kinds.sort((a, b) => b.p99 - a.p99);
  for (const k of kinds)
    lines.push(
      `${prefix}.kind: ${k.name.padEnd(32)} n ${String(k.n).padStart(6)}  p50 ${ms(k.p50)} / p99 ${ms(k.p99)} ms`,
    );
  if (!server) {
    lines.push(`${prefix}.gate: no figures from the app`);
    return lines;
  }
  const { requests, statements, wallMs } = server;
  lines.push(
    `${prefix}.gate: wait for a turn ${pp(requests.all.wait)}, holding it ${pp(requests.all.held)} | on arrival ` +
      `inside p50 ${requests.insideOnArrival.p50}, waiting p50 ${requests.waitingOnArrival.p50} / ` +
      `p99 ${requests.waitingOnArrival.p99} / max ${requests.waitingOnArrival.max}`,
  );
  for (const [route, gate] of Object.entries(requests.byRoute).sort((a, b) => b[1].held.p99 - a[1].held.p99))
    lines.push(`${prefix}.gate: ${route.padEnd(32)} wait ${pp(gate.wait)}, holding ${pp(gate.held)}`);
  const all = statements.all;
  if (all.inPglite.n === 0) {
    lines.push(`${prefix}.db: no statement timings (PGlite's thread only)`);
    return lines;
  }
  const busy = (all.inPglite.total / wallMs) * 100;
  lines.push(
    `${prefix}.db: ${all.inPglite.n.toLocaleString('en-US')} statements, ` +
      `${(all.inPglite.n / Math.max(1, requests.all.held.n)).toFixed(1)} per request | waiting for PGlite ` +
      `${pp(all.waitForPglite)}, in PGlite ${pp(all.inPglite)} (busy ${busy.toFixed(0)}% of the run), back to ` +
      `the main thread ${pp(all.backToMain)}, decoding ${pp(all.decode)}`,
  );
  const held = server.transactions.held;
  lines.push(
    `${prefix}.db: ${held.n.toLocaleString('en-US')} committed transactions held PGlite (every other ` +
      `statement waiting) ${pp(held)}, ${((held.total / wallMs) * 100).toFixed(0)}% of the run`,
  );
  for (const s of statements.slowest)
    lines.push(
      `${prefix}.db.slowest: ${((s.inPglite.total / wallMs) * 100).toFixed(1).padStart(4)}% of the run, ` +
        `n ${s.inPglite.n}, in PGlite ${pp(s.inPglite)}, waiting ${pp(s.waitForPglite)}` +
        `${s.inTransaction ? ' (in a transaction)' : ''} | ${s.sql.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
  return lines;
}
