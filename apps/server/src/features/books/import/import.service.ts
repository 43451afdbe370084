import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text as streamText } from 'node:stream/consumers';
import {
  DEFAULT_DUPLICATE_CHOICE,
  ErrorCode,
  ImportLimits,
  ImportMessages,
  NEW_BOOK_DEFAULTS,
  type DuplicateChoice,
  type ImportFormat,
  type ImportList,
  type ImportPreview,
  type ImportStatus,
  type ImportSummary,
  type LiveEvent,
  type RowIssue,
} from '@bookshelf/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { imports, jobs, type ImportRow } from '../../../db/schema/index.js';
import { rowsOf } from '../../../db/rows.js';
import { inTransaction } from '../../../db/transaction.js';
import { ownedPrivately, type Access, type AccessPolicy } from '../../../platform/access/access.js';
import { AppError } from '../../../platform/errors.js';
import { defineJob, type JobContext } from '../../../platform/jobs/job-definition.js';
import { createJobsRepository, enqueueJob } from '../../../platform/jobs/job-store.js';
import type { PublishEvents } from '../../../platform/jobs/outbox.js';
import { BlobNotFoundError, type BlobStore } from '../../../platform/storage/blob-store.js';
import type { RateLimiter, RateLimitRule } from '../../../platform/rate-limit.js';
import { inputToValues, statusOf, withSearchText } from '../book-mapper.js';
import { createBooksInsert } from '../books-bulk-insert.js';
import type { BooksRepository, BookValues } from '../books.repository.js';
import { escapeFormula } from '../csv-formulas.js';
import { createBatchSizer, type BatchTarget } from './batch-sizer.js';
import { FIND_COVERS_JOB } from './cover-finder.js';
import { asMergeTarget, countChangingMerges, mergeValues, type MergeTarget } from './merge-values.js';
import { FORMAT_LABELS } from './parse/formats.js';
import { ImportFileError, parseImportFileInSlices } from './parse/parse-import.js';
import { planRowsInSlices, type RowPlan } from './plan.js';
import { createTimeSlices } from './time-slices.js';

export const IMPORT_JOB = 'books.import';
/**
 * How long one batch may hold the database, by database (bench/import, 10,000 rows; decision 061). PGlite
 * runs one statement at a time, so another reader's query waits for the whole batch in front of it: its
 * target is about one idle request's time. PostgreSQL runs them side by side and only shares the CPUs, so
 * its batches may be longer, and there are fewer of them to wait for: with a reader asking back to back on a
 * loaded 2-core machine, 40 ms gave 20–47-row batches and an import 3.9× its bare floor, 150 ms 200–275-row
 * batches at 1.65× the floor but the reader's p95 2.6× idle. The rows per batch follow from the time each
 * batch took (batch-sizer.ts), not from a count tuned to one machine. On PGlite (decision 069) a batch goes as
 * soon as the one before is answered: waiting for the requests in flight to finish left the database idle
 * while they wrote their answers, and a reader's query waits at most one short batch anyway. The floor of six
 * rows keeps the sizer from shrinking batches to a row each when other readers' queries make batches look
 * slow (1 row a batch took 30 s for 10,000 rows).
 */
export const IMPORT_BATCH_TARGET: Record<'pglite' | 'postgres', BatchTarget> = {
  pglite: { targetMs: 4, first: 6, min: 6, max: 250, waitForRequests: false },
  postgres: { targetMs: 60, first: 20, min: 20, max: 1000, waitForRequests: true },
};
const PHASE = 'Importing books';
/** Previews per reader and hour: each may read 50 MB and keeps the file until the import is done. */
export const PREVIEWS_PER_HOUR: RateLimitRule = { service: 'import', limit: 30, window: 'hour' };
const ANNOUNCE_EVERY_MS = 250;
/** Under steady traffic a batch waits no longer than this for a quiet moment: the import still moves on. */
const MAX_WAIT_FOR_REQUESTS_MS = 50;

export interface ImportServiceDeps {
  db: Database;
  books: BooksRepository;
  storage: BlobStore;
  access: Access;
  publish: PublishEvents;
  /** Bumps the library's version and tells its open pages (books.changed), in the batch's transaction. */
  changed?: (userId: string, tx: Database) => Promise<void>;
  /** Counts previews per reader: each reads up to 50 MB and keeps the file. */
  limiter?: RateLimiter;
  /** How long a batch should take (IMPORT_BATCH_TARGET for the database in use). */
  batch: BatchTarget;
  /** Resolves when no API request is running or waiting, or after maxWaitMs (platform/admission). */
  requestsIdle?: (maxWaitMs: number) => Promise<void>;
  /** Pushes an event to the user's open pages, at the commit of `tx`. */
  publishLive?: (userId: string, event: LiveEvent, tx?: Database) => Promise<void>;
  now: () => Date;
}

const importAccess: AccessPolicy<ImportRow> = {
  resource: (row) => ownedPrivately(row.userId),
  notFound: ImportMessages.notFound,
};

const fileKey = (row: { userId: string; id: string }) => `imports/${row.userId}/${row.id}`;

const toStatus = (row: ImportRow): ImportStatus => ({
  id: row.id,
  filename: row.filename,
  format: row.format as ImportFormat,
  formatLabel: FORMAT_LABELS[row.format as ImportFormat],
  state: row.state as ImportStatus['state'],
  duplicates: row.duplicates as DuplicateChoice | null,
  progress: { current: row.done, total: row.total },
  summary: row.summary,
  failures: row.failures.slice(0, ImportLimits.issuesListed),
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** The values a planned row is stored with: the create rules, with the file's own date added. */
function valuesOf(plan: Extract<RowPlan, { input: unknown }>, now: Date): BookValues {
  const status = statusOf(plan.input) ?? NEW_BOOK_DEFAULTS.status;
  const dateAdded = plan.dateAdded ? new Date(plan.dateAdded) : now;
  const dateRead = plan.input.dateRead ? new Date(plan.input.dateRead) : null;
  return withSearchText(
    {
      ...NEW_BOOK_DEFAULTS,
      ...inputToValues(plan.input),
      accountId: NEW_BOOK_DEFAULTS.accountId,
      status,
      dateAdded,
      dateRead: status === 'read' ? dateRead : null,
    },
    undefined,
  ) as BookValues;
}

/**
 * Bulk import (issue 12). A preview reads the whole file and changes nothing; starting it hands the work to a
 * job that writes one batch per transaction, moving the import's count on in the same transaction, so a job
 * run again after a crash or a restart carries on after the last batch and adds nothing twice.
 */
export function createImportService({
  db,
  books,
  storage,
  access,
  publish,
  changed,
  publishLive,
  limiter,
  requestsIdle,
  batch: batchTarget,
  now,
}: ImportServiceDeps) {
  async function owned(userId: string, id: string, tx: Database = db, lock = false) {
    const query = tx.select().from(imports).where(eq(imports.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return access.requireVisible({ userId }, row, importAccess);
  }

  const tell = (row: ImportRow, tx: Database) =>
    publishLive?.(row.userId, { type: 'import.updated', import: toStatus(row) }, tx) ?? Promise.resolve();

  const jobKey = (id: string) => `import:${id}`;
  const jobsRepository = createJobsRepository(db);

  /**
   * An import whose job ended without finishing it (cancelled by the reader, or dead after its retries) is
   * failed, with why, the first time anyone looks: its row would otherwise say running for ever.
   */
  async function settled(row: ImportRow): Promise<ImportRow> {
    if (row.state !== 'running') return row;
    const [job] = await db
      .select({ state: jobs.state })
      .from(jobs)
      .where(eq(jobs.dedupeKey, jobKey(row.id)));
    if (job?.state !== 'cancelled' && job?.state !== 'dead') return row;
    const error = job.state === 'cancelled' ? ImportMessages.cancelled : ImportMessages.stopped;
    return inTransaction(db, async (tx) => {
      const [failed] = await tx
        .update(imports)
        .set({ state: 'failed', error, finishedAt: now() })
        .where(and(eq(imports.id, row.id), eq(imports.state, 'running')))
        .returning();
      if (!failed) return row;
      await tell(failed, tx);
      return failed;
    });
  }

  async function readPlan(row: ImportRow): Promise<RowPlan[]> {
    const blob = await storage.get(fileKey(row));
    const parsed = await parseImportFileInSlices(await streamText(blob.stream), row.filename);
    return planRowsInSlices(parsed.rows, await books.duplicateIndex(row.userId));
  }

  /**
   * Fills the empty fields (and default reading state) of library books from their duplicates; each book its
   * own short transaction. Answers how many books it changed.
   */
  async function merge(userId: string, pairs: { bookId: string; values: Partial<BookValues> }[]): Promise<number> {
    if (pairs.length === 0) return 0;
    const current = new Map(
      (
        await books.findMany(
          userId,
          pairs.map((p) => p.bookId),
        )
      ).map((b) => [b.id, b]),
    );
    let changedBooks = 0;
    for (const { bookId, values } of pairs) {
      const book = current.get(bookId);
      if (!book || Object.keys(mergeValues(book, values)).length === 0) continue;
      const merged = await inTransaction(db, async (tx) => {
        const locked = await books.lock(bookId, tx);
        if (!locked || locked.userId !== userId) return false;
        const changes = mergeValues(locked, values);
        if (Object.keys(changes).length === 0) return false;
        await books.update(userId, bookId, withSearchText(changes, locked), tx);
        await changed?.(userId, tx);
        return true;
      });
      if (merged) {
        changedBooks += 1;
        // A later row of the same book merges into what this one left.
        current.set(bookId, { ...book, ...mergeValues(book, values) });
      }
    }
    return changedBooks;
  }

  /** Books a merge changed after their batch was counted (rows duplicating an earlier row): skipped → merged. */
  async function countLateMerges(importId: string, count: number) {
    if (count === 0) return;
    const counter = (name: keyof ImportSummary, add: number) => sql`(${imports.summary}->>${name})::int + ${add}::int`;
    await db
      .update(imports)
      .set({
        summary: sql`${imports.summary} || jsonb_build_object('merged', ${counter('merged', count)}, 'skipped', ${counter('skipped', -count)})`,
      })
      .where(eq(imports.id, importId));
  }

  /**
   * How many duplicates a merge would change, as the job will merge them (the library's copies as they are
   * now, a row duplicating an earlier row merged into the book that row adds), for the preview's button.
   */
  async function changingMerges(userId: string, plan: RowPlan[]): Promise<number> {
    const duplicates = plan.filter((p): p is Extract<RowPlan, { kind: 'duplicate' }> => p.kind === 'duplicate');
    if (duplicates.length === 0) return 0;
    const at = now();
    const targets = new Map<string, MergeTarget>();
    const bookIds = [...new Set(duplicates.flatMap((p) => (p.of.bookId ? [p.of.bookId] : [])))];
    for (const book of await books.findMany(userId, bookIds)) targets.set(book.id, book);
    const earlier = new Set(duplicates.flatMap((p) => (p.of.row !== undefined ? [p.of.row] : [])));
    for (const p of plan) {
      if (p.kind === 'add' && earlier.has(p.row)) targets.set(`row:${p.row}`, asMergeTarget(valuesOf(p, at), at));
    }
    return countChangingMerges(
      duplicates.map((p) => ({
        target: p.of.bookId ?? `row:${p.of.row}`,
        values: valuesOf(p, at),
      })),
      targets,
    );
  }

  /**
   * One batch: the import's count, summary and failures moved on, and its new books, in one statement (so in
   * one transaction of its own, and one round trip). The UPDATE is the guard and the lock: the books are
   * inserted only when the count is where this run expects it, so a second runner (a lease taken over), or
   * a run after the import stopped, writes nothing twice. The values are made before it, so the statement
   * holds the database (all of it, on PGlite) for the database's work only, not for JavaScript's.
   */
  async function writeBatch(
    row: ImportRow,
    start: number,
    batch: RowPlan[],
    rowIds: Map<number, string>,
    /** How many of the batch's duplicates a merge changed before it; the rest are counted skipped. */
    merged: number,
  ): Promise<{ done: number; summary: ImportSummary; failures: RowIssue[] } | undefined> {
    const adds = batch.filter((p): p is Extract<RowPlan, { kind: 'add' }> => p.kind === 'add');
    const at = now();
    const ids = adds.map(() => randomUUID());
    const insert = createBooksInsert(row.userId);
    // A few milliseconds of JavaScript at a time: a request that arrives meanwhile waits no longer than that.
    const slices = createTimeSlices();
    for (const [i, p] of adds.entries()) {
      insert.add(ids[i]!, valuesOf(p, at));
      if (slices.due()) await slices.pause();
    }
    const merging = row.duplicates === 'merge';
    const duplicates = batch.filter((p) => p.kind === 'duplicate').length;
    const failures: RowIssue[] = batch.flatMap((p) => (p.kind === 'error' ? [{ row: p.row, message: p.message }] : []));
    const counter = (name: keyof ImportSummary, add: number) => sql`(${imports.summary}->>${name})::int + ${add}::int`;
    const moved = db
      .update(imports)
      .set({
        done: start + batch.length,
        summary: sql`jsonb_build_object('added', ${counter('added', adds.length)}, 'merged', ${counter('merged', merging ? merged : 0)}, 'skipped', ${counter('skipped', merging ? duplicates - merged : duplicates)}, 'failed', ${counter('failed', failures.length)})`,
        failures: failures.length ? sql`${imports.failures} || ${JSON.stringify(failures)}::jsonb` : undefined,
      })
      .where(and(eq(imports.id, row.id), eq(imports.state, 'running'), eq(imports.done, start)))
      // Not the whole row: its preview and failures grow with the file, and each batch would carry them back.
      .returning({ done: imports.done, summary: imports.summary })
      // Its SQL, not the builder: a builder in a template is wrapped in parentheses, which WITH refuses.
      .getSQL();
    const statement = insert.size
      ? sql`with moved as (${moved}), added as (${insert.sql(sql`exists (select 1 from moved)`)}) select * from moved`
      : sql`with moved as (${moved}) select * from moved`;
    const [next] = rowsOf<{ done: number; summary: ImportSummary | string }>(await db.execute(statement));
    if (!next) return undefined;
    adds.forEach((p, i) => rowIds.set(p.row, ids[i]!));
    // A raw statement's jsonb comes back as text from PGlite, parsed from postgres.js.
    const summary = typeof next.summary === 'string' ? (JSON.parse(next.summary) as ImportSummary) : next.summary;
    return { done: Number(next.done), summary, failures };
  }

  /**
   * The reader's page hears of progress (and of its new books): the library's version moved on and the
   * import's status pushed, after the batches they tell of were committed, so a page that reloads on it
   * finds them. Two statements on their own, not a transaction that reads the import row back: the status is
   * the row this run started from, moved on by what its batches answered.
   */
  async function announce(status: ImportRow) {
    await Promise.all([changed?.(status.userId, db), tell(status, db)]);
  }

  async function finish(importId: string, outcome: { error?: string }) {
    const finished = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .update(imports)
        .set({ state: outcome.error ? 'failed' : 'done', error: outcome.error ?? null, finishedAt: now() })
        .where(and(eq(imports.id, importId), eq(imports.state, 'running')))
        .returning();
      if (!row) return;
      if (!outcome.error && row.summary.added > 0) {
        // Imported books come without covers: a job finds them afterwards, at the services' pace.
        await enqueueJob(
          tx,
          FIND_COVERS_JOB,
          { userId: row.userId },
          { userId: row.userId, dedupeKey: `covers:${importId}` },
        );
      }
      if (!outcome.error) {
        await publish(tx, [
          {
            name: 'books.imported',
            payload: { userId: row.userId, importId, added: row.summary.added, at: now().toISOString() },
          },
        ]);
      }
      await tell(row, tx);
      return row;
    });
    // Its rows are in the database now; the file is not needed again.
    if (finished) await storage.delete(fileKey(finished)).catch(() => undefined);
  }

  async function run({ importId }: { importId: string }, context: JobContext) {
    const [row] = await db.select().from(imports).where(eq(imports.id, importId));
    if (!row || row.state !== 'running') return { skipped: true };
    let plan: RowPlan[];
    try {
      plan = await readPlan(row);
    } catch (error) {
      // The file is gone or no longer reads as it did: nothing a retry would change. Anything else (the
      // database for a moment) is thrown, and the job is tried again.
      if (!(error instanceof ImportFileError) && !(error instanceof BlobNotFoundError)) throw error;
      await finish(importId, {
        error: error instanceof ImportFileError ? error.message : 'The file could not be read again.',
      });
      return { failed: true };
    }
    const rowIds = new Map<number, string>();
    const merging = row.duplicates === 'merge';
    const sizer = createBatchSizer(batchTarget);
    let status = row;
    let toldAt = 0;
    for (let start = row.done; start < plan.length;) {
      const batch = plan.slice(start, start + sizer.next());
      const mergeInto = (inFile: boolean) =>
        merging
          ? batch.flatMap((p) => {
              if (p.kind !== 'duplicate' || (p.of.row !== undefined) !== inFile) return [];
              const bookId = p.of.bookId ?? (p.of.row !== undefined ? rowIds.get(p.of.row) : undefined);
              return bookId ? [{ bookId, values: valuesOf(p, now()) }] : [];
            })
          : [];
      // Merging only fills empty fields, so merges done again after a crash change nothing the second time.
      const merged = await merge(row.userId, mergeInto(false));
      const began = performance.now();
      const written = await writeBatch(row, start, batch, rowIds, merged);
      sizer.record(batch.length, performance.now() - began);
      if (!written) return { stopped: true };
      start = written.done;
      status = {
        ...status,
        done: written.done,
        summary: written.summary,
        // Only the first ImportLimits.issuesListed are ever shown.
        failures:
          written.failures.length && status.failures.length < ImportLimits.issuesListed
            ? [...status.failures, ...written.failures].slice(0, ImportLimits.issuesListed)
            : status.failures,
      };
      const late = await merge(row.userId, mergeInto(true));
      await countLateMerges(row.id, late);
      if (late) {
        const { merged: m, skipped } = status.summary;
        status = { ...status, summary: { ...status.summary, merged: m + late, skipped: skipped - late } };
      }
      // A few times a second, not once per batch: each telling is writes of its own.
      if (Date.now() - toldAt >= ANNOUNCE_EVERY_MS || start >= plan.length) {
        await announce(status);
        toldAt = Date.now();
        await context.progress({ current: start, total: plan.length, phase: PHASE });
      }
      // The requests that queued behind this batch run before the next one; on PostgreSQL, also any they lead
      // to: a page's request makes several queries, and each would otherwise wait for a batch of its own.
      await yieldToOthers();
      if (batchTarget.waitForRequests) await requestsIdle?.(MAX_WAIT_FOR_REQUESTS_MS);
    }
    await finish(importId, {});
    return { imported: plan.length };
  }

  return {
    /** Reads the file, works out what would happen to each row, keeps the file; writes no book. */
    async preview(userId: string, file: { text: string; filename: string }): Promise<ImportPreview> {
      await limiter?.hit(`imports:user:${userId}`, PREVIEWS_PER_HOUR);
      let parsed;
      try {
        parsed = await parseImportFileInSlices(file.text, file.filename);
      } catch (error) {
        if (error instanceof ImportFileError) throw new AppError(400, ErrorCode.validation, error.message);
        throw error;
      }
      const plan = await planRowsInSlices(parsed.rows, await books.duplicateIndex(userId));
      const errors = plan.flatMap((p) => (p.kind === 'error' ? [{ row: p.row, message: p.message }] : []));
      const id = randomUUID();
      const preview: ImportPreview = {
        id,
        filename: file.filename,
        format: parsed.format,
        formatLabel: FORMAT_LABELS[parsed.format],
        total: plan.length,
        toAdd: plan.filter((p) => p.kind === 'add').length,
        duplicates: plan.filter((p) => p.kind === 'duplicate').length,
        toMerge: await changingMerges(userId, plan),
        errorCount: errors.length,
        errors: errors.slice(0, ImportLimits.issuesListed),
        sample: plan
          .flatMap((p) =>
            p.kind === 'error'
              ? []
              : [
                  {
                    row: p.row,
                    title: p.input.title,
                    author: p.input.author,
                    isbn: p.input.isbn ?? null,
                    status: statusOf(p.input) ?? NEW_BOOK_DEFAULTS.status,
                    duplicateOf: p.kind === 'duplicate' ? p.of.title : null,
                  },
                ],
          )
          .slice(0, ImportLimits.sampleRows),
      };
      await storage.put(fileKey({ userId, id }), Readable.from([Buffer.from(file.text, 'utf8')]), {
        contentType: 'text/plain; charset=utf-8',
      });
      await db.insert(imports).values({
        id,
        userId,
        filename: file.filename,
        format: parsed.format,
        preview,
        total: plan.length,
      });
      return preview;
    },

    /** Starts an import once; the job does the rest. */
    async start(
      userId: string,
      id: string,
      duplicates: DuplicateChoice = DEFAULT_DUPLICATE_CHOICE,
    ): Promise<ImportStatus> {
      return inTransaction(db, async (tx) => {
        const row = await owned(userId, id, tx, true);
        if (row.state !== 'preview') throw new AppError(409, ErrorCode.conflict, ImportMessages.alreadyStarted);
        const [next] = await tx
          .update(imports)
          .set({ state: 'running', duplicates })
          .where(eq(imports.id, id))
          .returning();
        await enqueueJob(tx, IMPORT_JOB, { importId: id }, { userId, dedupeKey: jobKey(id) });
        await tell(next!, tx);
        return toStatus(next!);
      });
    },

    async get(userId: string, id: string): Promise<ImportStatus> {
      return toStatus(await settled(await owned(userId, id)));
    },

    /** Stops a running import at its next step; the books added so far stay. */
    async cancel(userId: string, id: string): Promise<ImportStatus> {
      const row = await owned(userId, id);
      if (row.state !== 'running') throw new AppError(409, ErrorCode.conflict, ImportMessages.notRunning);
      const [job] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(eq(jobs.dedupeKey, jobKey(id)));
      if (job) await jobsRepository.cancel(job.id);
      return toStatus(await settled(row));
    },

    async list(userId: string): Promise<ImportList> {
      const rows = await db
        .select()
        .from(imports)
        .where(eq(imports.userId, userId))
        .orderBy(desc(imports.createdAt))
        .limit(50);
      return { items: (await Promise.all(rows.map(settled))).map(toStatus) };
    },

    /** Every row that could not be imported, and why, as a CSV to download. */
    async failuresCsv(userId: string, id: string): Promise<{ filename: string; csv: string }> {
      const row = await owned(userId, id);
      const issues = row.state === 'preview' ? row.preview.errors : row.failures;
      // A problem can quote the file's own text, which a spreadsheet must not run as a formula.
      const data = issues.map((i) => [i.row, escapeFormula(i.message)]);
      const csv = Papa.unparse({ fields: ['Row', 'Problem'], data });
      return { filename: `${row.filename.replace(/\.[^.]*$/, '')}-problems.csv`, csv: `\uFEFF${csv}\r\n` };
    },

    job: defineJob({ kind: IMPORT_JOB, payload: z.object({ importId: z.string() }), run }),
  };
}

export type ImportService = ReturnType<typeof createImportService>;
