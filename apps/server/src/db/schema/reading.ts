import type { ReadingPreferences } from '@bookshelf/contract';

import { date, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { driveFiles } from './cloud-drives.js';
import { users } from './users.js';

/**
 * Where a reader is in a file (issue 15, core.md §3 ReadingProgress): one row per reader and file. `location`
 * is a reflowed book's exact place (an EPUB CFI) beside its page.
 */
export const readingProgress = pgTable(
  'reading_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => driveFiles.id, { onDelete: 'cascade' }),
    currentPage: integer('current_page').notNull(),
    totalPages: integer('total_pages').notNull(),
    percentage: real('percentage').notNull().default(0),
    location: text('location'),
    readingPreferences: jsonb('reading_preferences').$type<ReadingPreferences>(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reading_progress_user_file_key').on(t.userId, t.fileId),
    index('reading_progress_file_idx').on(t.fileId),
  ],
);

/** core.md §3 Bookmark, per reader. */
export const readingBookmarks = pgTable(
  'reading_bookmarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => driveFiles.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    note: text('note'),
    location: text('location'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reading_bookmarks_user_file_idx').on(t.userId, t.fileId, t.pageNumber),
    index('reading_bookmarks_file_idx').on(t.fileId),
  ],
);

/**
 * core.md §3 ReadingSession. Stats, streaks, goals and achievements are all computed from these rows; a file
 * removed from its drive keeps its sessions (file_id set null), so the reader's history does not shrink.
 * One session per reader, file and start: a post replayed by the browser's offline queue (its answer lost)
 * finds the first one instead of counting twice. Sessions whose file went (null) never collide.
 */
export const readingSessions = pgTable(
  'reading_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: text('file_id').references(() => driveFiles.id, { onDelete: 'set null' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    pagesRead: integer('pages_read').notNull(),
    timeSpent: integer('time_spent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reading_sessions_user_start_idx').on(t.userId, t.startTime),
    uniqueIndex('reading_sessions_user_file_start_key').on(t.userId, t.fileId, t.startTime),
    index('reading_sessions_file_idx').on(t.fileId),
  ],
);

/**
 * core.md §3 ReadingGoal (file reading). Progress is computed from sessions (pages, minutes) and finished
 * books; a PATCH sets it by storing the difference from the computed value in `progress_adjustment`.
 */
export const readingGoals = pgTable(
  'reading_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    target: integer('target').notNull(),
    unit: text('unit').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    progressAdjustment: integer('progress_adjustment').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reading_goals_user_idx').on(t.userId, t.startDate)],
);

export type ReadingProgressRow = typeof readingProgress.$inferSelect;
export type ReadingBookmarkRow = typeof readingBookmarks.$inferSelect;
export type ReadingSessionRow = typeof readingSessions.$inferSelect;
export type ReadingGoalRow = typeof readingGoals.$inferSelect;
