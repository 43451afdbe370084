import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './client.js';
import {
  isConnectionError,
  isRetryableConnectionLoss,
  isTransactionConflict,
  LOST_CONNECTION_PAUSE_MS,
  lostConnectionRetries,
} from './errors.js';

/**
 * Every transaction of the app goes through here (eslint refuses `.transaction(` elsewhere). It is run again
 * when it failed for a reason that running it again cures:
 *  - PostgreSQL rolled it back to break a deadlock or a serialization conflict (SQLSTATE 40P01, 40001): once;
 *  - the connection was lost before the work was done (pg_terminate_backend, a restart): the server rolled it
 *    back, and postgres.js replaces the dead connection, so a later run gets a live one (lostConnectionRetries).
 * A connection lost while committing is not retried: the commit may have happened.
 * `work` may therefore run more than once: it must only touch the database through `tx`, and decide from what
 * it reads there, not from anything read before.
 */
export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const outer = commitHooks.get(db);
  let conflictRetries = 1;
  const client = (db as { $client?: unknown }).$client;
  let connectionRetries = lostConnectionRetries(client);
  const pinsConnections = typeof (client as { begin?: unknown } | undefined)?.begin === 'function';
  for (;;) {
    let done = false;
    // Each attempt starts with no hooks: those of an attempt that rolled back are dropped with it.
    const hooks: (() => void)[] = [];
    try {
      const result = await db.transaction(async (tx) => {
        commitHooks.set(tx, hooks);
        let result: T;
        try {
          result = await work(tx);
        } catch (error) {
          if (pinsConnections && isConnectionError(error)) return stranded();
          throw error;
        }
        done = true;
        return result;
      });
      // A nested transaction (a savepoint) is committed only with the outer one.
      if (outer) outer.push(...hooks);
      else for (const hook of hooks) hook();
      return result;
    } catch (error) {
      if (isTransactionConflict(error) && conflictRetries > 0) {
        conflictRetries -= 1;
        // A little jitter so that two transactions that collided do not meet again in lockstep.
        await sleep(Math.random() * 10);
      } else if (!done && isRetryableConnectionLoss(error) && connectionRetries > 0) {
        connectionRetries -= 1;
        await sleep(LOST_CONNECTION_PAUSE_MS);
      } else {
        throw error;
      }
    }
  }
}

const commitHooks = new WeakMap<Database, (() => void)[]>();

/**
 * Runs `hook` once `tx` (a transaction of inTransaction) has committed, synchronously on the path that
 * committed it, and never when it rolls back: for what must follow a change at once but only once others can
 * see it (dropping an in-memory cache entry). Without a transaction (`tx` is the plain database, whose
 * statements commit one by one) it runs at once.
 */
export function afterCommit(tx: Database, hook: () => void): void {
  const hooks = commitHooks.get(tx);
  if (hooks) hooks.push(hook);
  else hook();
}

/**
 * postgres.js 3.4.9 answers a transaction whose connection closed under it at once (CONNECTION_CLOSED, from
 * the connection's close), but if the transaction's function then fails too it writes ROLLBACK to the closed
 * connection, which throws an uncaught TypeError in a setImmediate and ends the process (porsager/postgres
 * issues 1154 and 1208, unfixed). So after a lost connection the function never settles: the transaction
 * still fails with CONNECTION_CLOSED, nothing is written, and the pending promise is collected with it.
 */
const stranded = () => new Promise<never>(() => undefined);
