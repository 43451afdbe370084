import { channel } from 'node:diagnostics_channel';

/**
 * Where one statement's time went when PGlite runs in its thread (decision 028): every time is in ms since the
 * epoch, so the two threads' clocks can be set side by side. posted → started is the wait for PGlite (its
 * queue, another request's open transaction, the thread busy with the statement before); started → ended is
 * the statement in PGlite; ended → received is the answer waiting for the main thread's turn; received →
 * decoded is the main thread reading it.
 */
export interface StatementTiming {
  sql: string;
  inTransaction: boolean;
  posted: number;
  started: number;
  ended: number;
  received: number;
  decoded: number;
  /** The answer's size on the wire. */
  bytes: number;
}

/**
 * Published only while someone subscribes (bench/load preloads one, bench/load/breakdown.mjs): the channel
 * costs a property read per statement otherwise.
 */
export const statementTimings = channel('bookshelf:pglite:statement');

/**
 * The `sql` of the timing a committed transaction publishes: started → ended is then the time PGlite held
 * every other statement back for it, from its BEGIN to its COMMIT (posted is when COMMIT was sent).
 */
export const TRANSACTION_HELD = '(a transaction, BEGIN to COMMIT)';

/** The main thread's side of the clock the worker posts (performance.timeOrigin differs per thread). */
export const wallClock = (): number => performance.timeOrigin + performance.now();
