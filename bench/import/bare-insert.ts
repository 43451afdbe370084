// The floor an import is read against: the same file parsed and planned, and its rows written by the same
// statement the import job uses, 1,000 rows at a time, back to back, with nothing else asking (no slicing, no
// yields, no other reader, no progress). Measured in the same run as the import, on the same engine, so a
// busy machine slows both alike and their ratio says what the import's fairness and bookkeeping cost.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NEW_BOOK_DEFAULTS } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { users } from '../../apps/server/src/db/schema/index.js';
import { inputToValues, statusOf, withSearchText } from '../../apps/server/src/features/books/book-mapper.js';
import { insertBooksSql } from '../../apps/server/src/features/books/books-bulk-insert.js';
import type { BookValues } from '../../apps/server/src/features/books/books.repository.js';
import { parseImportFile } from '../../apps/server/src/features/books/import/parse/parse-import.js';
import { planRows } from '../../apps/server/src/features/books/import/plan.js';

const STATEMENT_ROWS = 1_000;

export interface BareInsert {
  /** Parsing and planning the whole file, in one go. */
  planMs: number;
  /** Writing its rows. */
  insertMs: number;
}

type Planned = { id: string; values: BookValues }[];

/** A new user to own the rows, and the file parsed and planned in one go, as the import's values. */
export async function planBare(handle: DatabaseHandle, text: string) {
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'bare', email: `bare-${randomUUID()}@example.org` })
    .returning({ id: users.id });
  const started = performance.now();
  const { rows } = parseImportFile(text, 'goodreads_library_export.csv');
  const plan = planRows(rows, []);
  const at = new Date();
  const values: Planned = plan.flatMap((p) =>
    p.kind === 'add'
      ? [
          {
            id: randomUUID(),
            values: withSearchText(
              {
                ...NEW_BOOK_DEFAULTS,
                ...inputToValues(p.input),
                status: statusOf(p.input) ?? NEW_BOOK_DEFAULTS.status,
                dateAdded: at,
              },
              undefined,
            ) as BookValues,
          },
        ]
      : [],
  );
  return { userId: user!.id, values, planMs: performance.now() - started };
}

/** Writes `values` back to back, `rowsPerStatement()` rows at a time; answers the rows per statement used. */
export async function writeBare(
  handle: DatabaseHandle,
  userId: string,
  values: Planned,
  rowsPerStatement: () => number,
  measured: (rows: number, ms: number) => void = () => undefined,
): Promise<void> {
  for (let i = 0; i < values.length;) {
    const rows = values.slice(i, i + rowsPerStatement());
    const began = performance.now();
    await handle.db.execute(insertBooksSql(userId, rows, sql`true`));
    measured(rows.length, performance.now() - began);
    i += rows.length;
  }
}

async function insertAll(handle: DatabaseHandle, text: string): Promise<BareInsert> {
  const { userId, values, planMs } = await planBare(handle, text);
  const started = performance.now();
  await writeBare(handle, userId, values, () => STATEMENT_ROWS);
  return { planMs, insertMs: performance.now() - started };
}

/** On the PostgreSQL database at `url` (the import's own scratch database), through a connection of its own. */
export async function bareInsertPostgres(url: string, text: string): Promise<BareInsert> {
  const handle = openDatabase({ kind: 'postgres', url, maxConnections: 1 });
  try {
    return await insertAll(handle, text);
  } finally {
    await handle.close();
  }
}

/** On a PGlite of its own in a temporary folder, in its worker thread as the server runs it. */
export async function bareInsertPglite(text: string): Promise<BareInsert> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-bare-'));
  const handle = openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    await handle.migrate();
    return await insertAll(handle, text);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
