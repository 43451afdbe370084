import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { bookFacetCounts, books, bookWordsPending, users } from '../../db/schema/index.js';
import type { BookValues } from './books.repository.js';

type Key = keyof typeof books._.columns;
const columns = getTableColumns(books) as Record<Key, PgColumn>;
const jsonTypes = new Set(['json', 'jsonb']);

/**
 * What a column takes when a row says nothing of it: the table's own default for the columns that have one
 * and cannot be null (so a book without tags gets '{}' as a single insert would), null for the others.
 */
function orDefault(column: PgColumn, value: SQL): SQL {
  if (!column.notNull || !column.hasDefault || column.default === undefined) return value;
  const type = column.getSQLType();
  const fallback = is(column.default, SQL)
    ? column.default
    : sql`${jsonTypes.has(type) ? JSON.stringify(column.default) : column.default}::${sql.raw(type)}`;
  return sql`coalesce(${value}, ${fallback})`;
}

const toJson = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * `INSERT INTO books … SELECT … FROM jsonb_populate_recordset(…)`: many books in one statement whose text
 * depends only on which columns the rows set, with all their values in one parameter (a bulk import's
 * batch, decision 061). The ids are chosen here, so nothing needs to come back. One JSON parameter instead
 * of a parameter per value keeps a 500-row batch well under PostgreSQL's 65,535 parameters and lets the
 * statement be prepared once. Rows are added one at a time, so that a caller can give the event loop back
 * between them (an import's batch of hundreds of rows is tens of milliseconds of JavaScript; decision 066).
 */
export function createBooksInsert(userId: string) {
  const keys = new Set<Key>(['id', 'userId']);
  const records: string[] = [];
  const ids: string[] = [];
  return {
    get size() {
      return records.length;
    },
    add(id: string, values: BookValues) {
      const row: Record<string, unknown> = { id, user_id: userId };
      for (const [key, value] of Object.entries(values)) {
        const column = columns[key as Key];
        if (!column || column.generated) continue;
        keys.add(key as Key);
        row[column.name] = toJson(value);
      }
      records.push(JSON.stringify(row));
      ids.push(id);
    },
    /**
     * The same books marked as words pending (book-words-pending.ts), under the same guard: a statement of
     * the same WITH as `sql`, so the books and their marks are written together.
     */
    pendingSql(when: SQL): SQL {
      return sql`insert into ${bookWordsPending} (user_id, book_id) select ${userId}::uuid, unnest(${`{${ids.join(',')}}`}::uuid[]) where ${when}`;
    },
    /** The statement, inserting only under `when` (a guard on the import's count, in the same statement). */
    sql(when: SQL): SQL {
      const used = [...keys].map((key) => columns[key]).filter((column) => column && !column.generated);
      const names = sql.join(
        used.map((column) => sql.identifier(column.name)),
        sql`, `,
      );
      const picks = sql.join(
        used.map((column) => orDefault(column, sql`r.${sql.identifier(column.name)}`)),
        sql`, `,
      );
      const json = `[${records.join(',')}]`;
      return sql`insert into ${books} (${names}) select ${picks} from jsonb_populate_recordset(null::${books}, ${json}::jsonb) as r where ${when}`;
    },
  };
}

/**
 * Counts the words of up to `limit` of the user's pending books (book-words-pending.ts) into the vocabulary
 * and takes them off the list, in one statement; answers how many it took. The books are locked first, so an
 * edit that is under way finishes before its book is read, and one that comes after finds the book no longer
 * pending and counts its words itself (migration 0018). A pending row whose book was deleted is dropped.
 */
export function countPendingWordsSql(userId: string, limit: number): SQL {
  const p = bookWordsPending;
  // Row by row through the keys (ctid, then each book's primary key): a table that has just grown by an
  // import has no statistics yet, and a join the planner costs from them scans the whole library per book.
  return sql`with pending as (
      delete from ${p} where ctid = any(array(
        select ctid from ${p} where ${p.userId} = ${userId} limit ${limit} for update skip locked))
      returning book_id),
    live as (
      select l.* from pending cross join lateral (
        select b.user_id, b.status, b.format, b.genre, b.account_id, b.tags, b.search_text from ${books} b
        where b.id = pending.book_id and b.deleted_at is null for update) l),
    counted as (
      insert into ${bookFacetCounts} (user_id, facet, value, n)
      select l.user_id, f.facet, f.value, count(*)::int
      from live l cross join lateral bookshelf_book_facets(l.status, l.format, l.genre, l.account_id, l.tags, l.search_text) f
      where l.user_id = ${userId} and f.facet = 'word' and exists (select 1 from ${users} u where u.id = l.user_id)
      group by 1, 2, 3 order by 1, 2, 3
      on conflict (user_id, facet, value) do update set n = ${bookFacetCounts}.n + excluded.n)
    select count(*)::int as n from pending`;
}
