import { BookPaths, BOOK_STATUSES } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * Many clients changing the same few books at once over real HTTP, as several tabs, devices and scripts of
 * one reader do: status changes, ratings, plain edits (the title changes the words the library counts),
 * and bulk status and tag changes over the books in a different order each time. Used by the integration
 * test (books-contention.int.test.ts) and by bench/contention.
 */
export interface ContentionOptions {
  /** e.g. http://127.0.0.1:43121 */
  origin: string;
  /** A session cookie (`name=value`) of the reader who owns the books. */
  cookie: string;
  bookIds: string[];
  clients: number;
  durationMs: number;
}

export interface ContentionResult {
  requests: number;
  /** Answers by status code. */
  byStatus: Map<number, number>;
  /** The first few 5xx bodies, to say what went wrong. */
  failures: string[];
  elapsedMs: number;
}

const TAGS = ['signed', 'gift', 'book-club'];
const TITLES = ['The Silent Lighthouse', 'A Map for the Orchard', 'Glass Kingdom', 'Winter Harbor Letters'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** One change, chosen at random: [method, path, body]. */
function randomChange(bookIds: string[]): ['PATCH' | 'POST', string, unknown] {
  const book = `${BookPaths.list}/${pick(bookIds)}`;
  const some = shuffled(bookIds).slice(0, 2 + Math.floor(Math.random() * (bookIds.length - 1)));
  switch (Math.floor(Math.random() * 6)) {
    case 0:
      return ['PATCH', book, { status: pick(BOOK_STATUSES) }];
    case 1:
      return ['PATCH', book, { rating: 1 + Math.floor(Math.random() * 5) }];
    case 2:
      return [
        'PATCH',
        book,
        { title: pick(TITLES), notes: `note ${Math.random()}`, genre: pick(['Fiction', 'Poetry']) },
      ];
    case 3:
      return ['POST', BookPaths.bulk, { ids: some, status: pick(BOOK_STATUSES) }];
    case 4:
      return ['POST', BookPaths.bulk, { ids: some, addTag: pick(TAGS) }];
    default:
      return ['POST', BookPaths.bulk, { ids: some, removeTag: pick(TAGS) }];
  }
}

export async function runContention({
  origin,
  cookie,
  bookIds,
  clients,
  durationMs,
}: ContentionOptions): Promise<ContentionResult> {
  const byStatus = new Map<number, number>();
  const failures: string[] = [];
  let requests = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const client = async () => {
    while (performance.now() < deadline) {
      const [method, path, body] = randomChange(bookIds);
      const res = await fetch(origin + path, {
        method,
        headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'contention' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      requests += 1;
      byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
      if (res.status >= 500 && failures.length < 5) failures.push(`${method} ${path} → ${res.status} ${text}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { requests, byStatus, failures, elapsedMs: performance.now() - started };
}

export const serverErrors = (result: ContentionResult) =>
  [...result.byStatus].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);

/**
 * The rows of book_facet_counts that differ from a recount of the live books: none when the triggers kept
 * every change, whatever ran at the same time.
 */
export async function facetCountDrift(db: Database, userId: string) {
  return rowsOf<{ facet: string; value: string; kept: number | null; counted: number | null }>(
    await db.execute(sql`
      with counted as (
        select f.facet, f.value, count(*)::int as n
        from books b cross join lateral bookshelf_book_facets(b.status, b.format, b.genre, b.account_id, b.tags, b.search_text) f
        where b.user_id = ${userId} and b.deleted_at is null
        group by 1, 2
      ), kept as (
        select facet, value, n from book_facet_counts where user_id = ${userId} and n <> 0
      )
      select coalesce(k.facet, c.facet) as facet, coalesce(k.value, c.value) as value, k.n as kept, c.n as counted
      from kept k full join counted c on c.facet = k.facet and c.value = k.value
      where k.n is distinct from c.n`),
  );
}
