import type { ImportPreview, ImportSummary, RowIssue } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A bulk import (issue 12): made with its preview, started once with the reader's choice for duplicates, then
 * moved on by its job one batch at a time, in the batch's own transaction, so a job run again after a crash
 * carries on after the last batch written and adds nothing twice. The file itself is in blob storage.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    format: text('format').notNull(),
    /** preview | running | done | failed */
    state: text('state').notNull().default('preview'),
    /** skip | merge, set when started. */
    duplicates: text('duplicates'),
    preview: jsonb('preview').$type<ImportPreview>().notNull(),
    total: integer('total').notNull(),
    /** Rows of the file handled so far (the next batch starts here). */
    done: integer('done').notNull().default(0),
    summary: jsonb('summary')
      .$type<ImportSummary>()
      .notNull()
      .default(sql`'{"added":0,"merged":0,"skipped":0,"failed":0}'::jsonb`),
    failures: jsonb('failures').$type<RowIssue[]>().notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export type ImportRow = typeof imports.$inferSelect;
