import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql } from 'postgres';
import { isRetryableConnectionLoss, LOST_CONNECTION_PAUSE_MS, lostConnectionRetries } from './errors.js';

/** A plain read: it changes nothing, so running it twice is harmless. Row locks are writes here. */
const isPlainRead = (statement: string) =>
  /^\s*select\b/i.test(statement) && !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i.test(statement);

/**
 * The pool as Drizzle sees it, except that a plain read whose connection was lost under it (the server ended
 * the session: pg_terminate_backend, a restart, a failover) runs again on another connection. postgres.js
 * drops a closed connection and opens a new one by itself, but every pooled connection the server ended fails
 * the next statement sent on it before its close is seen; without this each of them costs a request a 503.
 * Writes outside a transaction are not retried (the statement may have run); transactions retry themselves
 * (transaction.ts). Drizzle sends every statement through `unsafe`, awaited directly or after `.values()`.
 */
export function retryingReads(client: Sql): Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'unsafe') return Reflect.get(target, property, receiver) as unknown;
      return (...args: Parameters<Sql['unsafe']>) => {
        if (!isPlainRead(args[0])) return target.unsafe(...args);
        let values = false;
        const send = () => (values ? target.unsafe(...args).values() : target.unsafe(...args));
        const run = async () => {
          for (let retries = lostConnectionRetries(target); ; retries -= 1) {
            try {
              return await send();
            } catch (error) {
              if (retries === 0 || !isRetryableConnectionLoss(error)) throw error;
              await sleep(LOST_CONNECTION_PAUSE_MS);
            }
          }
        };
        const query = {
          values() {
            values = true;
            return query;
          },
          then<A, B>(onFulfilled?: (rows: unknown) => A, onRejected?: (error: unknown) => B) {
            return run().then(onFulfilled, onRejected);
          },
        };
        return query;
      };
    },
  });
}
