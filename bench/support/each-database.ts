import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { withScratchPostgres } from './scratch-postgres.js';

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface EachDatabaseOptions {
  /** `pglite` or `postgres` runs only that one. */
  only?: string | undefined;
  /** Leave the PostgreSQL database in place afterwards. */
  keep?: boolean;
  /** Told when PostgreSQL cannot be reached and its run is skipped. */
  skipped: (line: string) => void;
}

/**
 * Runs a benchmark on PGlite in a temporary DATA_DIR (as `npm start` runs it), then on PostgreSQL
 * (127.0.0.1:5432 or TEST_DATABASE_URL) in a scratch database of its own, skipped when unreachable.
 */
export async function onEachDatabase(
  bench: string,
  run: (kind: 'pglite' | 'postgres', database: DatabaseHandle) => Promise<void>,
  { only, keep = false, skipped }: EachDatabaseOptions,
): Promise<void> {
  if (only !== 'postgres') {
    const dataDir = mkdtempSync(path.join(tmpdir(), `bookshelf-bench-${bench}-`));
    try {
      const database = openDatabase({ kind: 'pglite', dataDir });
      try {
        await run('pglite', database);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only === 'pglite') return;
  const pgUrl = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => undefined, connect_timeout: 5 });
  try {
    const reachable = await admin`select 1`.then(
      () => true,
      (error: unknown) => {
        skipped(`${bench}.*.postgres: skipped (PostgreSQL at ${new URL(pgUrl).host} unreachable: ${String(error)})`);
        return false;
      },
    );
    if (reachable) {
      await withScratchPostgres(
        admin,
        pgUrl,
        `bench_${bench}_${process.pid}`,
        (database) => run('postgres', database),
        {
          keep,
        },
      );
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}
