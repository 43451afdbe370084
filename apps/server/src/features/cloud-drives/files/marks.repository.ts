import { CloudDriveLimits } from '@bookshelf/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { FILES_WITH_CONNECTION, idList, visibleFile, type Viewer } from './visible-files.js';

export interface MarksRow {
  isFavorite: boolean;
  tags: string[];
}

const MAX_TAGS = CloudDriveLimits.tagsPerFileMax;
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * A reader's favourite and tags on drive files (drive_file_marks, decision 050). Every change is one
 * statement. The bulk ones take their rows in file id order (the insert's select is ordered, the updates lock
 * through an ordered `for update`), so twenty requests changing overlapping files at once queue behind each
 * other instead of deadlocking.
 */
export function createMarksRepository(db: Database) {
  const one = async (statement: SQL): Promise<MarksRow | undefined> => {
    const [row] = rowsOf<{ is_favorite: boolean; tags: string[] }>(await db.execute(statement));
    return row && { isFavorite: row.is_favorite, tags: row.tags };
  };
  const fileIds = async (statement: SQL): Promise<number> => rowsOf(await db.execute(statement)).length;

  /** Inserts a marks row for each visible file of `ids` (in id order), or applies `update` where one exists. */
  const upsertVisible = (viewer: Viewer, ids: string[], insert: SQL, update: SQL, when: SQL, now: Date) => sql`
    insert into drive_file_marks (user_id, file_id, is_favorite, tags, updated_at)
    select ${viewer.userId}::uuid, drive_files.id, ${insert}, ${at(now)}
    from ${FILES_WITH_CONNECTION}
    where drive_files.id in ${idList(ids)} and ${visibleFile(viewer)}
    order by drive_files.id
    on conflict (user_id, file_id) do update set ${update}, updated_at = excluded.updated_at
    where ${when}
    returning file_id`;

  /** Updates the viewer's marks rows of visible files of `ids` that match `when`, locked in id order. */
  const updateVisible = (viewer: Viewer, ids: string[], set: SQL, when: SQL, now: Date) => sql`
    with target as (
      select drive_file_marks.file_id
      from drive_file_marks
      join drive_files on drive_files.id = drive_file_marks.file_id
      join drive_connections on drive_connections.id = drive_files.connection_id
      where drive_file_marks.user_id = ${viewer.userId} and drive_file_marks.file_id in ${idList(ids)}
        and ${when} and ${visibleFile(viewer)}
      order by drive_file_marks.file_id
      for update of drive_file_marks
    )
    update drive_file_marks set ${set}, updated_at = ${at(now)}
    from target
    where drive_file_marks.user_id = ${viewer.userId} and drive_file_marks.file_id = target.file_id
    returning drive_file_marks.file_id`;

  return {
    /** The reader's marks on a file (the caller has checked it is visible). */
    setFavorite: (userId: string, fileId: string, favorite: boolean, now: Date) =>
      one(sql`
        insert into drive_file_marks (user_id, file_id, is_favorite, updated_at)
        values (${userId}, ${fileId}, ${favorite}, ${at(now)})
        on conflict (user_id, file_id) do update set is_favorite = excluded.is_favorite, updated_at = excluded.updated_at
        returning is_favorite, tags`),

    /** Links the reader's file to a library book, or with null unlinks it; answers the book now linked. */
    async setBook(userId: string, fileId: string, bookId: string | null, now: Date) {
      const [row] = rowsOf<{ book_id: string | null }>(
        await db.execute(sql`
          insert into drive_file_marks (user_id, file_id, book_id, updated_at)
          values (${userId}, ${fileId}, ${bookId}, ${at(now)})
          on conflict (user_id, file_id) do update set book_id = excluded.book_id, updated_at = excluded.updated_at
          returning book_id`),
      );
      return row?.book_id ?? null;
    },

    /** Appends the tag unless it is there already or the file has MAX_TAGS (then the tags come back without it). */
    addTag: (userId: string, fileId: string, tag: string, now: Date) =>
      one(sql`
        insert into drive_file_marks (user_id, file_id, tags, updated_at)
        values (${userId}, ${fileId}, array[${tag}::text], ${at(now)})
        on conflict (user_id, file_id) do update set
          tags = case
            when ${tag}::text = any(drive_file_marks.tags) or cardinality(drive_file_marks.tags) >= ${MAX_TAGS}
              then drive_file_marks.tags
            else array_append(drive_file_marks.tags, ${tag}::text)
          end,
          updated_at = excluded.updated_at
        returning is_favorite, tags`),

    removeTag: (userId: string, fileId: string, tag: string, now: Date) =>
      one(sql`
        update drive_file_marks set tags = array_remove(tags, ${tag}::text), updated_at = ${at(now)}
        where user_id = ${userId} and file_id = ${fileId}
        returning is_favorite, tags`),

    /** Favourites the visible files of `ids` that were not; answers how many changed. */
    favoriteMany: (viewer: Viewer, ids: string[], now: Date) =>
      fileIds(
        upsertVisible(
          viewer,
          ids,
          sql`true, '{}'::text[]`,
          sql`is_favorite = true`,
          sql`not drive_file_marks.is_favorite`,
          now,
        ),
      ),

    unfavoriteMany: (viewer: Viewer, ids: string[], now: Date) =>
      fileIds(updateVisible(viewer, ids, sql`is_favorite = false`, sql`drive_file_marks.is_favorite`, now)),

    /** Adds the tag to the visible files of `ids` that lack it and have room for it; answers how many changed. */
    addTagMany: (viewer: Viewer, ids: string[], tag: string, now: Date) =>
      fileIds(
        upsertVisible(
          viewer,
          ids,
          sql`false, array[${tag}::text]`,
          sql`tags = array_append(drive_file_marks.tags, ${tag}::text)`,
          sql`not (${tag}::text = any(drive_file_marks.tags)) and cardinality(drive_file_marks.tags) < ${MAX_TAGS}`,
          now,
        ),
      ),

    removeTagMany: (viewer: Viewer, ids: string[], tag: string, now: Date) =>
      fileIds(
        updateVisible(
          viewer,
          ids,
          sql`tags = array_remove(drive_file_marks.tags, ${tag}::text)`,
          sql`${tag}::text = any(drive_file_marks.tags)`,
          now,
        ),
      ),
  };
}

export type MarksRepository = ReturnType<typeof createMarksRepository>;
