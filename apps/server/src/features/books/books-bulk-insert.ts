import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { books } from '../../db/schema/index.js';
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

/** All of `rows` in one statement at once (bench/import's bare floor, which has nobody to give way to). */
export function insertBooksSql(userId: string, rows: { id: string; values: BookValues }[], when: SQL): SQL {
  const insert = createBooksInsert(userId);
  for (const { id, values } of rows) insert.add(id, values);
  return insert.sql(when);
}
