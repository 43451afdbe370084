import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { books, users } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/database.js';
import { AppError } from '../errors.js';
import { encodeCursor, keysetOrderBy, keysetPage, keysetSelect, type Keyset } from './keyset.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const byDateAdded = (order: 'asc' | 'desc'): Keyset => ({
  name: `books.dateAdded.${order}`,
  keys: [
    { expr: books.dateAdded, kind: 'timestamp' },
    { expr: books.id, kind: 'uuid' },
  ],
  order,
});
const byTitle = (order: 'asc' | 'desc'): Keyset => ({
  name: `books.title.${order}`,
  keys: [
    { expr: sql`lower(${books.title})`, kind: 'text' },
    { expr: books.id, kind: 'uuid' },
  ],
  order,
});
const keysets = [byDateAdded('asc'), byDateAdded('desc'), byTitle('asc'), byTitle('desc')];

async function newUser() {
  const [user] = await database.db.insert(users).values({ name: 'Pager' }).returning({ id: users.id });
  return user!.id;
}

/** Rows whose sort keys tie often: three titles, and instants a microsecond apart (which a JS Date loses). */
const rowsArb = fc.array(
  fc.record({ title: fc.constantFrom('Alpha', 'alpha', 'Beta', 'Ω'), micros: fc.integer({ min: 0, max: 3 }) }),
  { maxLength: 25 },
);

async function insertBooks(userId: string, rows: { title: string; micros: number }[]) {
  if (rows.length === 0) return;
  await database.db.insert(books).values(
    rows.map((r) => ({
      userId,
      title: r.title,
      author: 'A',
      searchText: r.title.toLowerCase(),
      dateAdded: sql`'2026-03-01T10:00:00Z'::timestamptz + ${r.micros} * interval '1 microsecond'`,
    })),
  );
}

function page(keyset: Keyset, userId: string, cursor: string | undefined, limit: number) {
  return keysetPage(keyset, { cursor, limit }, ({ where, orderBy, limit: take }) =>
    database.db
      .select({ id: books.id, ...keysetSelect(keyset) })
      .from(books)
      .where(and(eq(books.userId, userId), where))
      .orderBy(...orderBy)
      .limit(take),
  );
}

async function walk(keyset: Keyset, userId: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages += 1) {
    const { items, nextCursor } = await page(keyset, userId, cursor, limit);
    seen.push(...items.map((i) => i.id));
    if (nextCursor === null) return seen;
    expect(items).toHaveLength(limit);
    cursor = nextCursor;
  }
  throw new Error('paging never ended');
}

describe('keyset paging', () => {
  it('pages through ties on the sort key without skipping or repeating an item, in every order', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, fc.integer({ min: 1, max: 6 }), async (rows, limit) => {
        const userId = await newUser();
        await insertBooks(userId, rows);
        for (const keyset of keysets) {
          const all = await database.db
            .select({ id: books.id })
            .from(books)
            .where(eq(books.userId, userId))
            .orderBy(...keysetOrderBy(keyset));
          const paged = await walk(keyset, userId, limit);
          expect(paged).toEqual(all.map((r) => r.id));
          expect(new Set(paged).size).toBe(rows.length);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('keeps its place when rows are added in front of the cursor, unlike an offset', async () => {
    const userId = await newUser();
    await insertBooks(
      userId,
      [0, 1, 2, 3].map((micros) => ({ title: 'T', micros })),
    );
    const first = await page(byDateAdded('desc'), userId, undefined, 2);
    await insertBooks(userId, [{ title: 'Newest', micros: 9 }]);
    const second = await page(byDateAdded('desc'), userId, first.nextCursor!, 2);
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(4);
    expect(second.nextCursor).toBeNull();
  });

  it('answers 400 naming cursor for garbage, a tampered cursor or another list’s cursor, never a database error', async () => {
    const userId = await newUser();
    await insertBooks(userId, [{ title: 'T', micros: 0 }]);
    const keyset = byDateAdded('desc');
    const id = '0d6f0a3e-2b7c-4a55-9a41-6f3f4b0c9d11';
    const bad = [
      'not base64 at all!',
      Buffer.from('{"s":').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
      encodeCursor(byTitle('desc'), ['t', id]),
      encodeCursor(keyset, ['2026-03-01T10:00:00.000000Z']),
      encodeCursor(keyset, ['2026-02-30T10:00:00.000000Z', id]),
      encodeCursor(keyset, ['0000-01-01T00:00:00.000000Z', id]),
      encodeCursor(keyset, ['2026-03-01T10:00:00.000000Z', 'not-a-uuid']),
      encodeCursor(byTitle('desc'), ['nul\0', id]),
    ];
    for (const cursor of bad) {
      const error = await page(keyset, userId, cursor, 5).catch((e: unknown) => e);
      expect(error, cursor).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
      expect((error as AppError).message).toContain('cursor');
    }
  });

  it('refuses or reads any string as a cursor, never failing in the database', async () => {
    const userId = await newUser();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.array(fc.string(), { minLength: 2, maxLength: 2 }).map((k) => encodeCursor(byTitle('asc'), k)),
          fc
            .tuple(fc.date({ noInvalidDate: true }), fc.uuid())
            .map(([d, u]) => encodeCursor(byDateAdded('asc'), [d.toISOString().replace('Z', '000Z'), u])),
        ),
        fc.constantFrom(...keysets),
        async (cursor, keyset) => {
          const outcome = await page(keyset, userId, cursor, 3).then(
            () => 'read',
            (e: unknown) => (e instanceof AppError && e.statusCode === 400 ? 'refused' : e),
          );
          expect(['read', 'refused']).toContain(outcome);
        },
      ),
      { numRuns: 60 },
    );
  });
});
