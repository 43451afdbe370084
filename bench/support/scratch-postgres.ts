import postgres, { type Sql } from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.js';

/**
 * Runs `fn` on a new database `name` on the server `admin` is connected to (`adminUrl`), then drops it
 * unless `keep`. A benchmark never touches the databases tests or people use.
 */
export async function withScratchPostgres(
  admin: Sql,
  adminUrl: string,
  name: string,
  fn: (database: DatabaseHandle) => Promise<void>,
  { keep = false }: { keep?: boolean } = {},
): Promise<void> {
  await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await fn(database);
  } finally {
    await database.close();
    if (keep) console.log(`kept database ${name}`);
    else await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

/**
 * Runs `fn` with the URL of a new database `name` on the PostgreSQL server at `adminUrl`, dropped afterwards;
 * when that server cannot be reached, says so through `skipped` and runs nothing (a bench of the built app,
 * which takes a URL, not a handle).
 */
export async function withScratchPostgresUrl(
  adminUrl: string,
  name: string,
  fn: (url: string) => Promise<void>,
  skipped: (reason: string) => void,
): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined, connect_timeout: 5 });
  try {
    const reachable = await admin`select 1`.then(
      () => true,
      (error: unknown) => {
        skipped(`PostgreSQL at ${new URL(adminUrl).host} unreachable: ${String(error)}`);
        return false;
      },
    );
    if (!reachable) return;
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await fn(url.toString());
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}
