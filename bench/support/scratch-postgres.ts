import type { Sql } from 'postgres';
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
