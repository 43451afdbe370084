import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { readingBookmarks, readingProgress, readingSessions } from '../../db/schema/index.js';

export type NewProgress = Omit<typeof readingProgress.$inferInsert, 'id'> & { lastReadAt: Date };
export type NewBookmark = Omit<typeof readingBookmarks.$inferInsert, 'id'> & { createdAt: Date };
export type NewSession = Omit<typeof readingSessions.$inferInsert, 'id' | 'createdAt'> & { fileId: string };

const BOOKMARK_ORDER = [asc(readingBookmarks.pageNumber), asc(readingBookmarks.createdAt), asc(readingBookmarks.id)];

/** Where the reader is in each file, their bookmarks, and their finished sessions (issue 15). */
export function createProgressRepository(db: Database) {
  async function progress(userId: string, fileId: string) {
    const [row] = await db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.fileId, fileId)));
    return row;
  }

  return {
    progress,

    /**
     * One statement per save, an upsert on (reader, file): saves of the same file at once queue on its row
     * instead of deadlocking. A save older than the one stored (a queued offline save arriving late) keeps
     * the stored one; either way the stored row comes back.
     */
    async saveProgress(values: NewProgress) {
      const [saved] = await db
        .insert(readingProgress)
        .values(values)
        .onConflictDoUpdate({
          target: [readingProgress.userId, readingProgress.fileId],
          set: {
            currentPage: sql`excluded.current_page`,
            totalPages: sql`excluded.total_pages`,
            percentage: sql`excluded.percentage`,
            location: sql`excluded.location`,
            readingPreferences: sql`excluded.reading_preferences`,
            lastReadAt: sql`excluded.last_read_at`,
          },
          setWhere: sql`${readingProgress.lastReadAt} <= excluded.last_read_at`,
        })
        .returning();
      return saved ?? (await progress(values.userId, values.fileId))!;
    },

    allProgress: (userId: string) =>
      db
        .select()
        .from(readingProgress)
        .where(eq(readingProgress.userId, userId))
        .orderBy(asc(readingProgress.lastReadAt), asc(readingProgress.id)),

    /** A file's bookmarks by page, then as added. */
    bookmarks: (userId: string, fileId: string) =>
      db
        .select()
        .from(readingBookmarks)
        .where(and(eq(readingBookmarks.userId, userId), eq(readingBookmarks.fileId, fileId)))
        .orderBy(...BOOKMARK_ORDER),

    allBookmarks: (userId: string) =>
      db
        .select()
        .from(readingBookmarks)
        .where(eq(readingBookmarks.userId, userId))
        .orderBy(asc(readingBookmarks.fileId), ...BOOKMARK_ORDER),

    /**
     * Adds a bookmark unless the file has `max` of the reader's already (then undefined). The count and the
     * insert run under a lock on (reader, file), so bookmarks added at once cannot pass the cap together.
     */
    async addBookmark(values: NewBookmark, max: number, tx: Database) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`reading-bookmarks:${values.userId}:${values.fileId}`}, 0))`,
      );
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(readingBookmarks)
        .where(and(eq(readingBookmarks.userId, values.userId), eq(readingBookmarks.fileId, values.fileId)));
      if ((count?.n ?? 0) >= max) return undefined;
      const [row] = await tx.insert(readingBookmarks).values(values).returning();
      return row;
    },

    /** A bookmark by its id, whoever's: platform/access decides whether the caller may touch it. */
    async bookmark(id: string) {
      const [row] = await db.select().from(readingBookmarks).where(eq(readingBookmarks.id, id));
      return row;
    },

    async deleteBookmark(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(readingBookmarks)
        .where(and(eq(readingBookmarks.id, id), eq(readingBookmarks.userId, userId)))
        .returning({ id: readingBookmarks.id });
      return rows.length > 0;
    },

    /**
     * Records a session once: the same reader, file and start again (a post replayed after its answer was
     * lost) answers the session already stored, so it never counts twice.
     */
    async addSession(values: NewSession) {
      const [row] = await db
        .insert(readingSessions)
        .values(values)
        .onConflictDoNothing({ target: [readingSessions.userId, readingSessions.fileId, readingSessions.startTime] })
        .returning();
      if (row) return row;
      const [stored] = await db
        .select()
        .from(readingSessions)
        .where(
          and(
            eq(readingSessions.userId, values.userId),
            eq(readingSessions.fileId, values.fileId),
            eq(readingSessions.startTime, values.startTime),
          ),
        );
      return stored!;
    },
  };
}

export type ProgressRepository = ReturnType<typeof createProgressRepository>;
export type ProgressRow = NonNullable<Awaited<ReturnType<ProgressRepository['progress']>>>;
export type BookmarkRow = Awaited<ReturnType<ProgressRepository['bookmarks']>>[number];
export type SessionRow = Awaited<ReturnType<ProgressRepository['addSession']>>;
