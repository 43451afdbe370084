import { ErrorCode, type KeysetPage, type SortOrder } from '@bookshelf/contract';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../errors.js';

/**
 * How one sort key is carried in a cursor: read from the row as text (timestamps with their microseconds,
 * which a JS Date would drop and so skip or repeat rows), checked when a cursor comes back (a value the
 * database could not cast would be a 500), and cast back in the comparison.
 */
interface KeyKind {
  read(expr: SQL | AnyColumn): SQL<string>;
  schema: z.ZodType<string>;
  cast: string;
}

const ISO_MICROS = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const realInstant = (v: string) => {
  const date = new Date(v.slice(0, 23) + 'Z');
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === v.slice(0, 19);
};

export const KEY_KINDS = {
  timestamp: {
    read: (e) => sql<string>`to_char(${e} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    schema: z.string().regex(ISO_MICROS).refine(realInstant),
    cast: 'timestamptz',
  },
  uuid: {
    read: (e) => sql<string>`${e}::text`,
    schema: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    cast: 'uuid',
  },
  text: {
    read: (e) => sql<string>`${e}::text`,
    // PostgreSQL text cannot hold NUL.
    schema: z
      .string()
      .max(1000)
      .regex(/^[^\0]*$/),
    cast: 'text',
  },
  integer: {
    read: (e) => sql<string>`${e}::text`,
    schema: z.string().regex(/^-?\d{1,18}$/),
    cast: 'bigint',
  },
} satisfies Record<string, KeyKind>;

export interface KeysetKey {
  /** A column, or an expression such as lower(title); never null (a row comparison skips nulls). */
  expr: SQL | AnyColumn;
  kind: keyof typeof KEY_KINDS;
}

/**
 * One order of one list: its keys, most significant first, the last one unique (the id), all in one
 * direction. `name` goes into the cursor, so a cursor of another list or order is refused, not misread.
 */
export interface Keyset {
  name: string;
  keys: readonly [KeysetKey, ...KeysetKey[]];
  order: SortOrder;
}

const CursorPayload = z.object({ s: z.string(), k: z.array(z.string()) });
const invalidCursor = () =>
  new AppError(400, ErrorCode.validation, 'Invalid query.cursor: this is not a cursor this list gave out.');

export function encodeCursor(keyset: Keyset, values: readonly string[]): string {
  return Buffer.from(JSON.stringify({ s: keyset.name, k: values })).toString('base64url');
}

/** The key values of a cursor, or a 400 naming `cursor` for anything this keyset did not give out. */
export function decodeCursor(keyset: Keyset, cursor: string): string[] {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = CursorPayload.safeParse(payload);
  if (!parsed.success || parsed.data.s !== keyset.name || parsed.data.k.length !== keyset.keys.length) {
    throw invalidCursor();
  }
  const values = parsed.data.k;
  if (!keyset.keys.every((key, i) => KEY_KINDS[key.kind].schema.safeParse(values[i]).success)) throw invalidCursor();
  return values;
}

/** The columns to select beside a row's own, holding its key values as the cursor carries them. */
export function keysetSelect(keyset: Keyset): Record<string, SQL<string>> {
  return Object.fromEntries(keyset.keys.map((key, i) => [`keyset_${i}`, KEY_KINDS[key.kind].read(key.expr)]));
}

/** ORDER BY for the keyset: every key in its one direction. */
export function keysetOrderBy(keyset: Keyset): SQL[] {
  const dir = keyset.order === 'asc' ? sql`asc` : sql`desc`;
  return keyset.keys.map((key) => sql`${key.expr} ${dir}`);
}

/** The rows after the cursor: `(k1, …, id) > (v1, …, vid)` ascending, `<` descending; none without a cursor. */
export function keysetWhere(keyset: Keyset, cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  const values = decodeCursor(keyset, cursor);
  const columns = sql.join(
    keyset.keys.map((key) => sql`${key.expr}`),
    sql`, `,
  );
  const params = sql.join(
    keyset.keys.map((key, i) => sql`${values[i]}::${sql.raw(KEY_KINDS[key.kind].cast)}`),
    sql`, `,
  );
  return keyset.order === 'asc' ? sql`(${columns}) > (${params})` : sql`(${columns}) < (${params})`;
}

/**
 * Runs a page: `fetch` gets the condition, order and a limit one past the page's (the extra row tells
 * whether there is a next page) and must select `keysetSelect(keyset)` beside its columns.
 */
export async function keysetPage<Row extends Record<string, unknown>>(
  keyset: Keyset,
  page: { cursor: string | undefined; limit: number },
  fetch: (query: { where: SQL | undefined; orderBy: SQL[]; limit: number }) => Promise<Row[]>,
): Promise<KeysetPage<Row>> {
  const rows = await fetch({
    where: keysetWhere(keyset, page.cursor),
    orderBy: keysetOrderBy(keyset),
    limit: page.limit + 1,
  });
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > page.limit && last
      ? encodeCursor(
          keyset,
          keyset.keys.map((_, i) => last[`keyset_${i}`] as string),
        )
      : null;
  return { items, nextCursor };
}
