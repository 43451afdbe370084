// bench/library: a reader with 100,000 books. Builds the real app in-process (no network) on PGlite (in a
// temporary DATA_DIR, as `npm start` runs it) and on PostgreSQL (127.0.0.1:5432 or TEST_DATABASE_URL, in a
// database of its own that is dropped afterwards), loads the books straight into the table, then prints
// p50/p95 of
//  - GET /api/books, the first page sorted by dateAdded (a page plus count(*) of the library),
//  - the same sorted by title (the title index and an incremental sort of equal titles by id),
//  - a search for a word that about 3% of titles hold (full text and trigram, ranked by relevance),
//  - the same word misspelt (only the trigram index can find it),
//  - broad searches: "the" and "a", which most books match (counted up to 1,000, then newest first from the
//    date index: decision 029), and "gatsby", which none does (it then tries look-alike words),
//  - GET /api/books/facets (the counts kept by triggers, migration 0003),
// through inject() and again over HTTP as a browser asks (a kept-alive connection to the app listening on
// 127.0.0.1, Accept-Encoding with br, the brotli answer read to its last byte; budget alike),
// each next to the bare SQL it runs (the floor): the very statements the app sent, captured once through a
// logging Drizzle instance and replayed on the same driver and connection pool, timed the same way.
// Loading ends with ANALYZE, and with VACUUM too on PostgreSQL, whose autovacuum would do so soon anyway.
// Exits 1 when a p95 is over budget, after printing EXPLAIN ANALYZE of the statements of that request.
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import type { Database, DatabaseHandle } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import { searchTextOf } from '../../apps/server/src/features/books/book-search.js';
import { onEachDatabase } from '../support/each-database.js';
import { batchesOf, driverOf, explain, type Statement } from '../support/sql-floor.js';
import { time, type Timing } from '../support/timing.js';
import { BROWSER_ACCEPT_ENCODING, httpGet } from './http-get.js';

const BOOKS = Number(process.env.BENCH_LIBRARY_BOOKS ?? 100_000);
const BATCH = 10_000;
const ROUNDS = 200;
const WARMUP = 20;
const MIN_ROUNDS = 5;
const MAX_MS = 8_000;
const BUDGET_P95_MS = { pglite: 60, postgres: 30 } as const;

const WORD = 'lighthouse';
const TYPO = 'lighthuose';

type Kind = keyof typeof BUDGET_P95_MS;
interface Case {
  name: string;
  url: string;
}
const CASES: Case[] = [
  { name: 'list', url: '/api/books?sort=dateAdded&order=desc&limit=50' },
  { name: 'list-title', url: '/api/books?sort=title&limit=50' },
  { name: 'search', url: `/api/books?q=${WORD}` },
  { name: 'typo-search', url: `/api/books?q=${TYPO}` },
  // Broad searches: a stop word and a single letter match most of the library, a title absent from it none.
  { name: 'search-the', url: '/api/books?q=the' },
  { name: 'search-a', url: '/api/books?q=a' },
  { name: 'search-gatsby', url: '/api/books?q=gatsby' },
  { name: 'facets', url: '/api/books/facets' },
];

/**
 * WARMUP then ROUNDS samples; a slow query stops early (after at least MIN_ROUNDS) once MAX_MS have been spent
 * on it, so that an over-budget figure does not stretch the run to many minutes. `n` says how many were taken.
 */
const timed = (fn: () => Promise<unknown>) =>
  time(fn, { rounds: ROUNDS, warmup: WARMUP, maxMs: MAX_MS, minRounds: MIN_ROUNDS });

const ms = (n: number) => `${n.toFixed(2)} ms`;
const of = (t: Timing) => (t.n < ROUNDS ? ` [${t.n} samples]` : '');
let over = false;
const summary: string[] = [];

// ---------------------------------------------------------------------------------------------------------
// Generated books: varied titles, authors, tags, genres, statuses and dates, computed in SQL from the row
// number so that loading is one INSERT … SELECT per batch. hash(k, n) is a well-mixed 0 ≤ x < n per row.

const list = (words: readonly string[]) => `(array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}])`;
const hash = (k: number, n: number) => `((hashint4(i * 16 + ${k})::bigint + 2147483648) % ${n})`;
const pick = (words: readonly string[], k: number) => `${list(words)}[1 + ${hash(k, words.length)}]`;

const ADJECTIVES = [
  'Silent', 'Hidden', 'Broken', 'Golden', 'Last', 'Secret', 'Burning', 'Forgotten', 'Distant', 'Crimson',
  'Quiet', 'Wild', 'Northern', 'Paper', 'Glass', 'Iron', 'Winter', 'Summer', 'Midnight', 'Little',
  'Endless', 'Hollow', 'Bright', 'Savage', 'Gentle', 'Lost', 'Frozen', 'Painted', 'Sleeping', 'Radiant',
  'Bitter', 'Electric',
]; // prettier-ignore
const NOUNS = [
  'Garden', 'River', 'Lighthouse', 'Kingdom', 'Orchard', 'Library', 'Mountain', 'Harbor', 'Island', 'Forest',
  'City', 'House', 'Station', 'Country', 'Bridge', 'Window', 'Empire', 'Ocean', 'Valley', 'Letter',
  'Shadow', 'Compass', 'Tower', 'Archive', 'Festival', 'Voyage', 'Machine', 'Theory', 'Mirror', 'Castle',
  'Daughter', 'Engine', 'Map', 'Song', 'Storm', 'Crown', 'Desert', 'Circus', 'Clockmaker', 'Cartographer',
]; // prettier-ignore
const PLACES = [
  'Avalon', 'Brooklyn', 'Kyoto', 'Lisbon', 'Mars', 'Prague', 'Samarkand', 'Venice', 'the North', 'the Sea',
  'Tomorrow', 'Yesterday', 'Eden', 'Babylon', 'Dublin', 'Cairo', 'Oslo', 'Lagos', 'Lima', 'Petra',
]; // prettier-ignore
const FIRST = [
  'Ada', 'Ben', 'Clara', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Liam',
  'Maya', 'Nils', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Sami', 'Tove', 'Uma', 'Viktor', 'Wen', 'Ximena',
  'Yusuf', 'Zoe', 'Agnes', 'Bruno', 'Celeste', 'Dara',
]; // prettier-ignore
const LAST = [
  'Abara', 'Becker', 'Castillo', 'Dahl', 'Eriksen', 'Fontaine', 'Garcia', 'Haddad', 'Ivanova', 'Jensen',
  'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quigley', 'Rossi', 'Silva', 'Tanaka',
  'Uddin', 'Varga', 'Whitfield', 'Xu', 'Yilmaz', 'Zeller', 'Almeida', 'Brennan', 'Chowdhury', 'Delacroix',
  'Esposito', 'Fitzgerald', 'Gruber', 'Holm', 'Ishikawa', 'Jovanovic', 'Keller', 'Lopes', 'Mbeki', 'Novak',
]; // prettier-ignore
const GENRES = [
  'Fiction', 'Mystery', 'Science Fiction', 'Fantasy', 'Biography', 'History', 'Romance', 'Thriller',
  'Poetry', 'Non-fiction', 'Horror', 'Classics', 'Philosophy', 'Travel', 'Young Adult',
]; // prettier-ignore
const TAGS = [
  'favorite', 'signed', 'first-edition', 'to-reread', 'book-club', 'gift', 'borrowed', 'classic', 'series',
  'award-winner', 'summer-reading', 'comfort', 'kindle', 'audible', 'used', 'annotated', 'school', 'travel',
  'rainy-day', 'slow-burn', 'short', 'epic', 'translated', 'debut', 'vintage', 'illustrated', 'rare',
  'wishlist-2024', 'reread', 'dnf', 'recommended', 'library-sale', 'boxed-set', 'limited', 'hardback',
  'paperback', 'ebook', 'collectible', 'owned-twice', 'queue',
]; // prettier-ignore
const PUBLISHERS = ['Penguin', 'Vintage', 'Faber', 'Tor', 'Orbit', 'Picador', 'Knopf', 'Bloomsbury'];
const NOTES = ['Recommended by a friend.', 'Read it on holiday.', 'Bought at the station bookshop.'];

const TITLE = `case ${hash(0, 4)}
  when 0 then 'The ' || ${pick(ADJECTIVES, 1)} || ' ' || ${pick(NOUNS, 2)}
  when 1 then ${pick(NOUNS, 2)} || ' of ' || ${pick(PLACES, 3)}
  when 2 then ${pick(ADJECTIVES, 1)} || ' ' || ${pick(NOUNS, 2)} || 's'
  else 'A ' || ${pick(NOUNS, 2)} || ' for the ' || ${pick(NOUNS, 4)} end`;
const STATUS = `case when ${hash(5, 100)} < 40 then 'owned' when ${hash(5, 100)} < 70 then 'read'
  when ${hash(5, 100)} < 85 then 'wishlist' when ${hash(5, 100)} < 95 then 'reading' else 'lent' end`;
const FORMAT = `case when ${hash(6, 100)} < 60 then 'physical' when ${hash(6, 100)} < 85 then 'digital' else 'audiobook' end`;
// Up to three distinct tags: each next one is 1–13 places further round the list of 40.
const T1 = hash(7, TAGS.length);
const T2 = `(${T1} + 1 + ${hash(8, 13)}) % ${TAGS.length}`;
const T3 = `(${T2} + 1 + ${hash(9, 13)}) % ${TAGS.length}`;
const TAG_ARRAY = `(array[${list(TAGS)}[1 + ${T1}], ${list(TAGS)}[1 + ${T2}], ${list(TAGS)}[1 + ${T3}]])[1:${hash(10, 4)}]`;

const GENERATED = `
  select i,
    ${TITLE} as title,
    ${pick(FIRST, 11)} || ' ' || ${pick(LAST, 12)} as author,
    case when ${hash(13, 10)} < 8 then '978' || lpad(${hash(14, 1_000_000_000)}::text, 10, '0') end as isbn,
    ${FORMAT} as format,
    case when ${hash(15, 10)} = 0 then null else ${pick(GENRES, 16)} end as genre,
    1850 + ${hash(17, 175)}::int as published_year,
    ${pick(PUBLISHERS, 18)} as publisher,
    80 + ${hash(19, 900)}::int as pages,
    case when ${hash(20, 10)} < 4 then null else 1 + ${hash(21, 5)}::smallint end as rating,
    ${STATUS} as status,
    now() - i * interval '5 minutes' - ${hash(22, 300)} * interval '1 second' as date_added,
    ${TAG_ARRAY} as tags,
    case when ${hash(23, 10)} = 0 then ${pick(NOTES, 24)} end as notes
  from generate_series($START::int, $END::int) as i`;

const INSERT = (userId: string, start: number, end: number) =>
  sql`insert into books (user_id, title, author, isbn, format, binding_type, genre, published_year, publisher,
        pages, rating, status, date_added, date_read, tags, notes, search_text)
      select ${userId}, title, author, isbn, format, case when format = 'physical' then 'paperback' end, genre,
        published_year, publisher, pages, rating, status, date_added,
        case when status = 'read' then date_added + interval '20 days' end, tags, notes,
        lower(title || ' ' || author || ' ' || coalesce(isbn, '')
          || case when cardinality(tags) > 0 then ' ' || array_to_string(tags, ' ') else '' end)
      from (${sql.raw(GENERATED.replace('$START', String(start)).replace('$END', String(end)))}) g`;

async function load(db: Database, userId: string, vacuum: boolean): Promise<number> {
  const started = performance.now();
  for (let start = 1; start <= BOOKS; start += BATCH) {
    const end = Math.min(BOOKS, start + BATCH - 1);
    await db.transaction(async (tx) => {
      await tx.execute(INSERT(userId, start, end));
    });
  }
  await db.execute(vacuum ? sql`vacuum analyze books` : sql`analyze books`);
  return performance.now() - started;
}

/** search_text must be what the app writes for the same book, or the search figures would mean little. */
async function checkSearchText(db: Database, userId: string) {
  const rows = rowsOf<{ title: string; author: string; isbn: string | null; tags: string[]; search_text: string }>(
    await db.execute(
      sql`select title, author, isbn, tags, search_text from books where user_id = ${userId} order by random() limit 500`,
    ),
  );
  const wrong = rows.find((r) => searchTextOf(r) !== r.search_text);
  if (wrong) throw new Error(`generated search_text differs from searchTextOf: ${JSON.stringify(wrong)}`);
}

// ---------------------------------------------------------------------------------------------------------

async function run(kind: Kind, database: DatabaseHandle) {
  await database.migrate();
  const app = await buildApp({ database });
  await app.ready();
  try {
    const headers = { 'x-requested-with': 'bench' };
    const email = `bench-library-${randomBytes(4).toString('hex')}@example.org`;
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Bench Collector', email, password: 'a long bench password' },
      headers,
    });
    if (reg.statusCode >= 300) throw new Error(`sign-up answered ${reg.statusCode}: ${reg.body}`);
    const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
    const [user] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = ${email}`));
    const userId = user!.id;

    // PostgreSQL's autovacuum visits a table soon after 100,000 inserts (and would do so in the middle of the
    // figures); VACUUM now measures that steady state. PGlite has no autovacuum, so there only ANALYZE runs
    // (as a PGlite library lives) unless BENCH_LIBRARY_VACUUM=1.
    const vacuum = kind === 'postgres' || Boolean(process.env.BENCH_LIBRARY_VACUUM);
    const loadMs = await load(database.db, userId, vacuum);
    await checkSearchText(database.db, userId);
    const line = `library.load.${kind}: ${BOOKS} books in ${(loadMs / 1000).toFixed(1)} s (informational: INSERT … SELECT in batches of ${BATCH}, then ${vacuum ? 'VACUUM ANALYZE' : 'ANALYZE'})`;
    console.log(line);
    summary.push(line);

    const { run: runSql, capturing } = driverOf(database);
    const captured = new Map<string, Statement[]>();
    for (const c of CASES) {
      const log: Statement[] = [];
      const probeApp = await buildApp({ database: capturing(log) });
      const res = await probeApp.inject({ method: 'GET', url: c.url, headers: { cookie } });
      await probeApp.close();
      if (res.statusCode !== 200) throw new Error(`${c.url} answered ${res.statusCode}: ${res.body}`);
      // The session lookup is the cost of being signed in (bench/auth), not of the library: keep books only.
      captured.set(
        c.name,
        log.filter((s) => /\bfrom "?(books|book_facet_counts)"?/i.test(s.text)),
      );
    }

    const budget = BUDGET_P95_MS[kind];
    const floors = new Map<string, Timing>();
    for (const c of CASES) {
      const statements = captured.get(c.name)!;
      const batches = batchesOf(statements);
      const first = await app.inject({ method: 'GET', url: c.url, headers: { cookie } });
      const body = first.json<{ total: number }>();
      const http = await timed(async () => {
        const res = await app.inject({ method: 'GET', url: c.url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${c.url} answered ${res.statusCode}`);
      });
      const floor = await timed(async () => {
        for (const batch of batches) await Promise.all(batch.map(runSql));
      });
      const ok = http.p95 <= budget;
      over ||= !ok;
      const text =
        `library.${c.name}.${kind}: p50 ${ms(http.p50)}, p95 ${ms(http.p95)}${of(http)} (budget p95 ≤ ${budget} ms)` +
        `${ok ? '' : '  OVER BUDGET'} | bare SQL p50 ${ms(floor.p50)}, p95 ${ms(floor.p95)}${of(floor)}` +
        ` (statements: ${batches.map((b) => b.length).join(' then ')}; total ${body.total})`;
      console.log(text);
      summary.push(text);
      floors.set(c.name, floor);
      if (!ok || process.env.BENCH_EXPLAIN) {
        for (const s of statements) {
          console.log(`\n  ${s.text}\n  params ${JSON.stringify(s.params)}`);
          console.log((await explain(runSql, s)).replace(/^/gm, '    '));
        }
      }
    }

    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const c of CASES) {
        const headers = { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
        const first = await httpGet(agent, `${base}${c.url}`, headers);
        if (first.status !== 200) throw new Error(`${c.url} answered ${first.status} over HTTP`);
        const http = await timed(async () => {
          const res = await httpGet(agent, `${base}${c.url}`, headers);
          if (res.status !== 200) throw new Error(`${c.url} answered ${res.status} over HTTP`);
        });
        const floor = floors.get(c.name)!;
        const ok = http.p95 <= budget;
        over ||= !ok;
        const text =
          `library.${c.name}.http-br.${kind}: p50 ${ms(http.p50)}, p95 ${ms(http.p95)}${of(http)} (budget p95 ≤ ` +
          `${budget} ms)${ok ? '' : '  OVER BUDGET'} | bare SQL p50 ${ms(floor.p50)}, p95 ${ms(floor.p95)} | ` +
          `${first.bytes.toLocaleString('en-US')} bytes as ${first.encoding ?? 'identity'}`;
        console.log(text);
        summary.push(text);
      }
    } finally {
      agent.destroy();
    }
  } finally {
    await app.close();
  }
}

// BENCH_LIBRARY_ONLY=pglite|postgres runs one of them; BENCH_LIBRARY_KEEP=1 leaves the PostgreSQL database in
// place for EXPLAIN by hand; BENCH_EXPLAIN=1 prints the plans even within budget.
const only = process.env.BENCH_LIBRARY_ONLY;
const keep = Boolean(process.env.BENCH_LIBRARY_KEEP);

await onEachDatabase('library', run, {
  only,
  keep,
  skipped: (line) => {
    console.log(line);
    summary.push(line);
  },
});

console.log(`\n# summary\n${summary.join('\n')}`);
process.exit(over ? 1 : 0);
