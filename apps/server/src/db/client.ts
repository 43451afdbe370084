import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock.js';
import { RemotePglite } from './pglite-remote.js';
import { retryingReads } from './read-retry.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type features see; PGlite and PostgreSQL speak the same dialect through it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  /**
   * Embedded PostgreSQL; without a directory it lives in memory (tests). `thread: 'worker'` runs it in a
   * worker thread of its own, the default with a directory (decision 028); in memory it runs on the calling
   * thread unless asked. `template`: the folder of a brand-new database (pglite-template.js), copied into a
   * directory that has no database yet.
   */
  | { kind: 'pglite'; dataDir?: string; thread?: 'main' | 'worker'; template?: string }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export interface DatabaseHandle {
  readonly kind: DatabaseTarget['kind'];
  readonly db: Database;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /** A real round trip to the database; rejects when it cannot answer. */
  ping(): Promise<void>;
  /**
   * LISTEN on one channel: PostgreSQL keeps one dedicated connection for it (outside the pool) and listens
   * again after losing it, calling `onListen` each time it (re)starts; PGlite listens on its one connection.
   * Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Resolves to apps/server/src/db/migrations from both src/db (tsx, vitest) and dist/db (node).
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** An arbitrary constant that names "Bookshelf migrations" among advisory locks. */
const MIGRATION_LOCK_KEY = 7_310_421_055;

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

// PGlite's files already sit in the OS page cache; PostgreSQL's default 128 MB buffer pool inside the WASM heap
// would mostly duplicate it and costs ~150 MB of resident memory (bench/startup). 32 MB still left the peak after
// mixed use at 306–309 MB; 16 MB gave 279 MB, with as many answers a second (decision 066).
const PGLITE_CONF = ['shared_buffers = 16MB'];

/** Copied beside it, then renamed into place, so a start stopped half-way leaves no half a database. */
function copyTemplate(template: string, directory: string): void {
  const partial = `${directory}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  rmSync(directory, { recursive: true, force: true });
  renameSync(partial, directory);
}

function openPglite(dataDir: string | undefined, thread: 'main' | 'worker', template?: string): DatabaseHandle {
  let directory: string | undefined;
  let release: () => void = () => undefined;
  if (dataDir) {
    directory = path.join(dataDir, 'pglite');
    mkdirSync(directory, { recursive: true });
    release = lockDataDir(dataDir);
    // The build's brand-new database instead of PGlite's initdb here (pglite-template.js: ~840 MB resident).
    if (template && existsSync(template) && !existsSync(path.join(directory, 'PG_VERSION')))
      copyTemplate(template, directory);
  }
  if (thread === 'worker') return openPgliteWorker(directory, release);
  const client = new PGlite({
    ...(directory ? { dataDir: directory } : {}),
    postgresqlconf: PGLITE_CONF,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    listen: async (channel, onNotify, onListen) => {
      const unlisten = await client.listen(channel, onNotify);
      onListen();
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

/**
 * PGlite runs each statement synchronously (WASM) on the thread that calls it, so on the main thread every
 * query stops all HTTP work (bench/load: event-loop stalls of 1.5 s, time-outs under 100 clients). In its own
 * thread the main thread parses, authenticates and serialises while a query runs; Drizzle talks to it
 * through the same API (pglite-remote.ts), and the migrations run there.
 */
function openPgliteWorker(directory: string | undefined, release: () => void): DatabaseHandle {
  const client = new RemotePglite({ ...(directory ? { dataDir: directory } : {}), postgresqlconf: PGLITE_CONF });
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    migrate: () => client.migrate(MIGRATIONS_DIR),
    ping: () => ping(db),
    listen: async (channel, onNotify, onListen) => {
      const unlisten = await client.listen(channel, onNotify);
      onListen();
      return unlisten;
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

function openPostgres(url: string, maxConnections: number): DatabaseHandle {
  const client = retryingReads(postgres(url, { max: maxConnections, onnotice: () => undefined }));
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      // Several instances may start at once against one database. Drizzle's migrator takes no lock, so
      // a session advisory lock on one dedicated connection makes them apply migrations one at a time.
      const migrator = postgres(url, { max: 1, onnotice: () => undefined });
      try {
        await migrator`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres({ client: migrator }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await migrator.end({ timeout: 5 }); // ending the session releases the advisory lock
      }
    },
    ping: () => ping(db),
    listen: async (channel, onNotify, onListen) => {
      const listening = await client.listen(channel, onNotify, onListen);
      return () => listening.unlisten();
    },
    close: () => client.end({ timeout: 5 }),
  };
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === 'postgres') return openPostgres(target.url, target.maxConnections ?? 10);
  return openPglite(target.dataDir, target.thread ?? (target.dataDir ? 'worker' : 'main'), target.template);
}
