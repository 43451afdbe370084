// The fairness floor of bench/import on PostgreSQL, in a process of its own: the same rows written by the
// same statement in batches sized by the import's own time target (IMPORT_BATCH_TARGET.postgres), back to
// back, with no JavaScript of the app's between them. What the other reader's p95 becomes meanwhile is what
// the database's share of the machine costs it; the import's figure beside it adds only the app's own work.
// Prints "ready" once planned, writes on a line on stdin, prints "done <ms>" and exits.
//   node --conditions=source --import tsx bench/import/bare-writer.ts <postgres url> <rows>
import { createInterface } from 'node:readline';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createBatchSizer } from '../../apps/server/src/features/books/import/batch-sizer.js';
import { IMPORT_BATCH_TARGET } from '../../apps/server/src/features/books/import/import.service.js';
import { planBare, writeBare } from './bare-insert.js';
import { goodreadsCsv } from './goodreads-file.js';

const [url, rows] = process.argv.slice(2);
if (!url || !rows) throw new Error('usage: bare-writer.ts <postgres url> <rows>');
const handle = openDatabase({ kind: 'postgres', url, maxConnections: 1 });
const { userId, values } = await planBare(handle, goodreadsCsv(Number(rows)));
console.log('ready');
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once('line', resolve));
const sizer = createBatchSizer(IMPORT_BATCH_TARGET.postgres);
const started = performance.now();
await writeBare(
  handle,
  userId,
  values,
  () => sizer.next(),
  (n, ms) => sizer.record(n, ms),
);
console.log(`done ${(performance.now() - started).toFixed(0)}`);
await handle.close();
lines.close();
