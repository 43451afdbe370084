// @ts-check
// A brand-new PGlite database, made once by the build (scripts/pglite-template.mjs) and copied by the server
// into an empty DATA_DIR (client.ts; decision 065). Without it PGlite creates the database on the server's
// first start: a second PGlite instance and the initdb WebAssembly module beside the one that will serve
// (about 840 MB resident), and what they leave is given back only when V8 next collects, a minute later.
// Unpacking PGlite's own dump (loadDataDir) instead still held 440 MB: the tarball, gunzipped and split in
// JavaScript. A folder copied by the file system costs the server nothing. Plain JavaScript, so that plain
// node runs it in the build.
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * Creates a database in `dir` (removing whatever was there) with the migrations in `migrationsFolder`
 * applied: they too grow PGlite's WebAssembly memory, which never shrinks, by ~40 MB when run all at once.
 * The server still applies any the template lacks.
 */
export async function writeTemplate(/** @type {string} */ dir, /** @type {string} */ migrationsFolder) {
  rmSync(dir, { recursive: true, force: true });
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.close();
  }
}
