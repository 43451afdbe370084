import { openDatabase, type Database, type DatabaseHandle } from '../db/client.js';
import { createJobRunner, type JobRunnerOptions } from '../platform/jobs/job-runner.js';

export const quietLog = { warn: () => undefined, error: () => undefined };

/** A runner with test timings: fast polls, short leases. */
export function testRunner(db: Database, options: Partial<JobRunnerOptions> & Pick<JobRunnerOptions, 'definitions'>) {
  return createJobRunner({ db, log: quietLog, pollIntervalMs: 10, leaseMs: 2_000, ...options });
}

/**
 * A second handle on the same database, as a second instance has: a pool of its own on PostgreSQL; on
 * PGlite, which one process holds, the same handle.
 */
export function secondHandle(database: DatabaseHandle & { url?: string }): DatabaseHandle {
  if (database.kind === 'pglite' || !database.url) return { ...database, close: async () => undefined };
  return openDatabase({ kind: 'postgres', url: database.url, maxConnections: 4 });
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
