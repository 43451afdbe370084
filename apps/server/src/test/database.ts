import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../db/client.js';

/** Which database the integration suite runs on; the vitest projects set it (see vitest.config.ts). */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.BOOKSHELF_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('BOOKSHELF_TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A migrated, empty database of its own for one test file: PGlite in memory, or a fresh database
 * created on the TEST_DATABASE_URL server and dropped again by close(). TEST_PGLITE_THREAD=worker runs the
 * in-memory PGlite in its own thread, as a server on a DATA_DIR runs it (db/pglite-remote.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testDatabaseKind === 'pglite') {
    const handle = openDatabase({
      kind: 'pglite',
      ...(process.env.TEST_PGLITE_THREAD === 'worker' ? { thread: 'worker' as const } : {}),
    });
    await handle.migrate();
    return handle;
  }
  const adminUrl = requireTestDatabaseUrl();
  const name = `bookshelf_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = withDatabaseName(adminUrl, name);
  const handle = openDatabase({ kind: 'postgres', url, maxConnections: 4 });
  await handle.migrate();
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      try {
        await dropper.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}
