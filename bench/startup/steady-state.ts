// Memory after mixed use: a reader with books, then bench/load's mixed loop (adds, reads, lists, searches,
// edits, deletes) from several clients, while VmRSS is sampled; then the server is left alone and read again.
import { runAutocannon } from '../support/autocannon.js';
import { mixedRequests } from '../load/mixed.js';
import { seedBooks, signUp } from '../load/seed.js';
import { rssMb, sampleRss } from './memory.js';

export interface SteadyState {
  /** The most held during the mixed run. */
  peakMb: number;
  /** Held `settleSeconds` after the run ended. */
  settledMb: number;
  requests: number;
  errors: number;
}

export async function steadyState(
  url: string,
  pid: number,
  {
    books,
    connections,
    seconds,
    settleSeconds,
  }: { books: number; connections: number; seconds: number; settleSeconds: number },
): Promise<SteadyState> {
  const cookie = await signUp(url);
  await seedBooks(url, cookie, books);
  const sampler = sampleRss(pid, 250);
  const run = await runAutocannon({ url, connections, duration: seconds, requests: mixedRequests(cookie) });
  const peakMb = sampler.stop();
  await new Promise((r) => setTimeout(r, settleSeconds * 1000));
  return { peakMb, settledMb: rssMb(pid), requests: run.total, errors: run.errors + run.timeouts + run.unexpected };
}
