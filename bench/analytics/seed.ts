// The analytics bench's data, generated in SQL from the row number (as bench/library does) so that loading is
// one INSERT … SELECT per batch: a reader's books with purchase info, and ten years of ECB-like daily rates.
import { DISPLAY_CURRENCIES } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import { searchTextOf } from '../../apps/server/src/features/books/book-search.js';

const BATCH = 10_000;
/** The span of purchase dates and of stored rates, ending today. */
const DAYS = 3_652;

const list = (words: readonly string[]) => `(array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}])`;
/** A well-mixed 0 ≤ x < n per row i, different for each k. */
const hash = (k: number, n: number) => `((hashint4(i * 16 + ${k})::bigint + 2147483648) % ${n})`;
const pick = (words: readonly string[], k: number) => `${list(words)}[1 + ${hash(k, words.length)}]`;

const WORDS = [
  'Silent', 'Garden', 'River', 'Lighthouse', 'Kingdom', 'Orchard', 'Golden', 'Winter', 'Harbor', 'Forest',
  'Midnight', 'Empire', 'Ocean', 'Letter', 'Shadow', 'Compass', 'Tower', 'Archive', 'Voyage', 'Mirror',
]; // prettier-ignore
const AUTHORS = [
  'Ada Becker', 'Ben Okafor', 'Clara Dahl', 'Hiro Tanaka', 'Ines Silva', 'Maya Rossi', 'Nils Holm',
  'Rosa Garcia', 'Uma Chowdhury', 'Wen Xu', 'Yusuf Yilmaz', 'Zoe Novak',
]; // prettier-ignore
const GENRES = [
  'Fiction', 'Mystery', 'Science Fiction', 'Fantasy', 'Biography', 'History', 'Romance', 'Thriller',
  'Poetry', 'Non-fiction', 'Horror', 'Classics', 'Philosophy', 'Travel', 'Young Adult',
]; // prettier-ignore
const PLATFORMS = [
  'Amazon', 'Flipkart', 'Kindle Store', 'Local bookstore', 'AbeBooks', 'Waterstones', 'Book fair',
  'Second-hand shop', 'Barnes & Noble', 'Apple Books',
]; // prettier-ignore
const BOOK_CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY'];

/** 10% wishlist (left out of every figure), the rest counted. */
const STATUS = `case when ${hash(5, 100)} < 10 then 'wishlist' when ${hash(5, 100)} < 55 then 'owned'
  when ${hash(5, 100)} < 85 then 'read' when ${hash(5, 100)} < 95 then 'reading' else 'lent' end`;
/** About 80% have a purchase: a price of 1.00–200.00, 10% of them without a purchase date. */
const PURCHASE = `case when ${hash(30, 10)} < 8 then jsonb_build_object(
    'platform', ${pick(PLATFORMS, 31)},
    'price', (100 + ${hash(32, 19_901)})::numeric / 100,
    'currency', ${pick(BOOK_CURRENCIES, 33)},
    'sellerName', null,
    'purchaseDate', case when ${hash(34, 10)} > 0
      then to_char(current_date - ${hash(35, DAYS)}::int, 'YYYY-MM-DD') end,
    'condition', null,
    'notes', null) end`;

const GENERATED = `
  select i,
    'The ' || ${pick(WORDS, 1)} || ' ' || ${pick(WORDS, 2)} as title,
    ${pick(AUTHORS, 3)} as author,
    case when ${hash(4, 100)} < 70 then 'physical' when ${hash(4, 100)} < 90 then 'digital' else 'audiobook' end as format,
    case when ${hash(6, 10)} = 0 then null else ${pick(GENRES, 7)} end as genre,
    ${STATUS} as status,
    now() - ${hash(8, DAYS * 24)} * interval '1 hour' as date_added,
    ${PURCHASE} as purchase_info
  from generate_series($START::int, $END::int) as i`;

const INSERT = (userId: string, start: number, end: number) =>
  sql`insert into books (user_id, title, author, format, genre, status, date_added, purchase_info, search_text)
      select ${userId}, title, author, format, genre, status, date_added, purchase_info, lower(title || ' ' || author || ' ')
      from (${sql.raw(GENERATED.replace('$START', String(start)).replace('$END', String(end)))}) g`;

/** Loads `books` books for `userId`, then ANALYZE (VACUUM ANALYZE when `vacuum`); answers the milliseconds. */
export async function loadBooks(db: Database, userId: string, books: number, vacuum: boolean): Promise<number> {
  const started = performance.now();
  for (let start = 1; start <= books; start += BATCH) {
    const end = Math.min(books, start + BATCH - 1);
    await db.transaction(async (tx) => {
      await tx.execute(INSERT(userId, start, end));
    });
  }
  await db.execute(vacuum ? sql`vacuum analyze books` : sql`analyze books`);
  await checkSearchText(db, userId);
  return performance.now() - started;
}

/** search_text must be what the app writes for the same book: the rows must look like the app's own. */
async function checkSearchText(db: Database, userId: string) {
  const rows = rowsOf<{ title: string; author: string; isbn: string | null; tags: string[]; search_text: string }>(
    await db.execute(
      sql`select title, author, isbn, tags, search_text from books where user_id = ${userId} order by random() limit 200`,
    ),
  );
  const wrong = rows.find((r) => searchTextOf(r) !== r.search_text);
  if (wrong) throw new Error(`generated search_text differs from searchTextOf: ${JSON.stringify(wrong)}`);
}

/** Units per euro around which each currency's generated rate wanders. */
const PER_EURO: Record<string, number> = {
  INR: 88, USD: 1.1, GBP: 0.86, CAD: 1.5, AUD: 1.65, JPY: 150, CNY: 7.8, SGD: 1.5, HKD: 8.6,
}; // prettier-ignore

/**
 * Ten years of the bank's working days (Monday to Friday, ending today) for every display currency but the
 * euro, each rate within ±8% of its level and changing smoothly from day to day. Answers how many days.
 */
export async function loadRates(db: Database, vacuum: boolean): Promise<number> {
  const levels = DISPLAY_CURRENCIES.filter((c) => c !== 'EUR').map((c, k) => {
    const level = PER_EURO[c];
    if (level === undefined) throw new Error(`no generated rate level for ${c}`);
    return `('${c}', ${level}::numeric, ${k})`;
  });
  await db.execute(
    sql.raw(`insert into fx_rates (currency, day, per_euro)
      select c.code, d.day::date,
        round(c.level * (1 + 0.08 * sin((d.day::date - current_date) / 90.0 + c.k)::numeric), 6)
      from generate_series(current_date - ${DAYS}, current_date, interval '1 day') as d(day)
        cross join (values ${levels.join(', ')}) as c(code, level, k)
      where extract(isodow from d.day) < 6`),
  );
  await db.execute(vacuum ? sql`vacuum analyze fx_rates` : sql`analyze fx_rates`);
  const [row] = rowsOf<{ days: number }>(await db.execute(sql`select count(distinct day)::int as days from fx_rates`));
  return row!.days;
}
