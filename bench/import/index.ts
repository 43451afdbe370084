// bench/import: a 10,000-row Goodreads export imported through the API of the built app (as `npm start` runs
// it), on PGlite (a temporary DATA_DIR) and on PostgreSQL (a scratch database): the preview's time, the full
// import's time (start to done, as the importer's page sees it) and rows per second; meanwhile a second reader
// asks for GET /api/books?limit=50 one request after another, and its p95 is printed beside the same reader's
// idle p95 from the same run (the bare baseline). Beside the import's time, its floor from the same run: the
// same file parsed, planned and written by the same statement in 1,000-row batches with nothing else asking
// (bare-insert.ts). Budgets (DESIGN.md): full import ≤ 5 s on PostgreSQL, ≤ 10 s on PGlite; the other
// reader's p95 ≤ 2× idle. On PostgreSQL also the fairness floor: the same reader while a bare writer
// (bare-writer.ts, a process of its own) writes the same rows in batches of the import's time target, which
// is what the database's share of the machine alone costs it. Exits 1 over budget. The book services (covers found after the import) are the
// fakes of test-support: no bench reaches Open Library or Google Books.
//   BENCH_IMPORT_ROWS=10000   BENCH_IMPORT_DB=pglite|postgres
//   BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': node flags for the server (a profile of it)
//   BENCH_IMPORT_ALONE=1: the import once more with no other reader, last (what the reader costs it)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { IMPORT_BATCH_TARGET } from '../../apps/server/src/features/books/import/import.service.js';
import { FROM_SOURCE } from '../support/from-source.js';
import { startFakeBookServices } from '../../test-support/src/fake-book-services.js';
import { buildApp, startBuiltApp } from '../support/built-app.js';
import { withScratchPostgresUrl } from '../support/scratch-postgres.js';
import { bareInsertPglite, bareInsertPostgres, type BareInsert } from './bare-insert.js';
import { goodreadsCsv } from './goodreads-file.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const ONLY = process.env.BENCH_IMPORT_DB;
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BUDGET_S = { pglite: 10, postgres: 5 } as const;
const MAX_SLOWDOWN = 2;
const IDLE_MS = 4_000;
const ALONE = process.env.BENCH_IMPORT_ALONE === '1';

const bookServices = await startFakeBookServices();
const bookServicesEnv = {
  OPENLIBRARY_BASE_URL: bookServices.url,
  OPENLIBRARY_COVERS_BASE_URL: bookServices.url,
  GOOGLE_BOOKS_BASE_URL: bookServices.url,
};

let over = false;
const headers = { 'content-type': 'application/json', 'x-requested-with': 'bench' };

async function signUp(origin: string, name: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name,
      email: `${name}-${process.pid}-${Date.now()}@example.org`,
      password: 'a long bench password',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

/** The other reader's requests, one after another, until `until` says stop; answers each one's time in ms. */
async function readWhile(origin: string, cookie: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/books?limit=50`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/books answered ${res.status}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Previews `text` as `cookie`'s file. */
async function previewFile(origin: string, cookie: string, text: string) {
  const started = performance.now();
  const made = await fetch(`${origin}/api/imports`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ text, filename: 'goodreads_library_export.csv' }),
  });
  const previewMs = performance.now() - started;
  if (made.status !== 201) throw new Error(`the preview answered ${made.status}: ${await made.text()}`);
  const preview = (await made.json()) as { id: string; toAdd: number; errorCount: number };
  return { previewMs, preview };
}

/** Starts a previewed import and waits for done (asking every 100 ms, as a page might). */
async function runImport(origin: string, cookie: string, preview: { id: string }) {
  const started = performance.now();
  const start = await fetch(`${origin}/api/imports/${preview.id}/start`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ duplicates: 'skip' }),
  });
  if (start.status !== 202) throw new Error(`starting answered ${start.status}: ${await start.text()}`);
  let summary: { added: number; failed: number } | undefined;
  // The importer's page hears of progress live; here it asks every 100 ms, which costs the server little.
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const status = (await (await fetch(`${origin}/api/imports/${preview.id}`, { headers: { cookie } })).json()) as {
      state: string;
      summary: { added: number; failed: number };
      error: string | null;
    };
    if (status.state === 'failed') throw new Error(`the import failed: ${status.error ?? 'no reason given'}`);
    if (status.state === 'done') {
      summary = status.summary;
      break;
    }
  }
  return { importS: (performance.now() - started) / 1000, summary };
}

/**
 * The other reader while bare-writer.ts writes the file's rows to the same database from a process of its
 * own (planned before the reader starts, so only its writing overlaps).
 */
async function readBesideBareWriter(origin: string, cookie: string, databaseUrl: string) {
  const child = spawn(
    process.execPath,
    [...FROM_SOURCE, fileURLToPath(new URL('./bare-writer.ts', import.meta.url)), databaseUrl, String(ROWS)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  if ((await next()) !== 'ready') throw new Error('the bare writer did not get ready');
  const finished = next();
  let done = false;
  child.stdin.write('go\n');
  const written = finished.then((line) => {
    done = true;
    return Number(line.split(' ')[1]);
  });
  const samples = await readWhile(origin, cookie, () => done);
  const writeMs = await written;
  await once(child, 'exit');
  return { samples, writeMs };
}

async function onDatabase(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const text = goodreadsCsv(ROWS);
  const app = await startBuiltApp({
    ...(databaseUrl ? { databaseUrl } : {}),
    env: bookServicesEnv,
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
  try {
    // After the app's start, which migrated the scratch database; the app meanwhile does nothing.
    const bare: BareInsert = databaseUrl ? await bareInsertPostgres(databaseUrl, text) : await bareInsertPglite(text);
    const origin = app.url;
    const reader = await signUp(origin, 'reader');
    for (let i = 0; i < 60; i += 1) {
      const res = await fetch(`${origin}/api/books`, {
        method: 'POST',
        headers: { ...headers, cookie: reader },
        body: JSON.stringify({ title: `Reader's Book ${i}`, author: `Writer ${i % 9}`, tags: ['mine'] }),
      });
      if (res.status !== 201) throw new Error(`adding a book answered ${res.status}`);
    }
    // Warm-up, then the idle baseline.
    let stopAt = performance.now() + 1_000;
    await readWhile(origin, reader, () => performance.now() > stopAt);
    stopAt = performance.now() + IDLE_MS;
    const idle = await readWhile(origin, reader, () => performance.now() > stopAt);

    const importer = await signUp(origin, 'importer');
    const { previewMs, preview } = await previewFile(origin, importer, text);
    let done = false;
    const clientCpu = process.cpuUsage();
    const importing = runImport(origin, importer, preview).finally(() => {
      done = true;
    });
    const during = await readWhile(origin, reader, () => done);
    const { importS, summary } = await importing;
    const { user, system } = process.cpuUsage(clientCpu);
    // The same reader once the import is done: what the bigger table costs, apart from sharing the machine.
    stopAt = performance.now() + IDLE_MS;
    const after = await readWhile(origin, reader, () => performance.now() > stopAt);

    const idleP95 = percentile(idle, 0.95);
    const duringP95 = percentile(during, 0.95);
    const slowdown = duringP95 / idleP95;
    const fast = importS <= BUDGET_S[kind];
    const fair = slowdown <= MAX_SLOWDOWN;
    const floorS = (bare.planMs + bare.insertMs) / 1000;
    over ||= !fast || !fair || summary?.added !== preview.toAdd;
    console.log(`import.${kind}.preview: ${previewMs.toFixed(0)} ms for ${ROWS} rows (${preview.toAdd} to add)`);
    console.log(
      `import.${kind}.full: ${importS.toFixed(2)} s start to done, ${(ROWS / importS).toFixed(0)} rows/s, ` +
        `${summary?.added ?? '?'} added (budget ≤ ${BUDGET_S[kind]} s) ${fast ? 'ok' : 'OVER'}; ` +
        `with the preview ${(importS + previewMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `import.${kind}.floor: the same rows parsed, planned and written bare in ${floorS.toFixed(2)} s ` +
        `(plan ${(bare.planMs / 1000).toFixed(2)} s, insert ${(bare.insertMs / 1000).toFixed(2)} s): ` +
        `the import takes ${(importS / floorS).toFixed(2)}× the floor`,
    );
    console.log(
      `import.${kind}.other-reader: GET /api/books?limit=50 p95 ${duringP95.toFixed(1)} ms during the import ` +
        `(${during.length} requests, p50 ${percentile(during, 0.5).toFixed(1)}, max ${Math.max(...during).toFixed(0)}) ` +
        `vs ${idleP95.toFixed(1)} ms idle (${idle.length} requests, p50 ${percentile(idle, 0.5).toFixed(1)}) = ` +
        `${slowdown.toFixed(2)}× (budget ≤ ${MAX_SLOWDOWN}×) ${fair ? 'ok' : 'OVER'}; the bench's own client ` +
        `used ${((user + system) / 1e6).toFixed(2)} s of CPU meanwhile`,
    );
    console.log(
      `import.${kind}.after: the same reader's p95 ${percentile(after, 0.95).toFixed(1)} ms once the import is done ` +
        `(${after.length} requests, p50 ${percentile(after, 0.5).toFixed(1)})`,
    );
    if (databaseUrl) {
      const floor = await readBesideBareWriter(origin, reader, databaseUrl);
      const ratio = percentile(floor.samples, 0.95) / idleP95;
      console.log(
        `import.${kind}.fairness-floor: the same reader's p95 ${percentile(floor.samples, 0.95).toFixed(1)} ms ` +
          `(p50 ${percentile(floor.samples, 0.5).toFixed(1)}, ${floor.samples.length} requests) while a bare writer ` +
          `in a process of its own wrote the same rows in ${IMPORT_BATCH_TARGET.postgres.targetMs} ms batches in ` +
          `${(floor.writeMs / 1000).toFixed(2)} s = ${ratio.toFixed(2)}× idle: what the database's share of the machine ` +
          `alone costs the reader (the import's ${slowdown.toFixed(2)}× beside it)`,
      );
    }
    // Last: the covers it would look for afterwards would otherwise be looked for during the import measured.
    if (ALONE) {
      const loner = await signUp(origin, 'alone');
      const alone = await runImport(origin, loner, (await previewFile(origin, loner, text)).preview);
      console.log(
        `import.${kind}.alone: ${alone.importS.toFixed(2)} s start to done with no other reader ` +
          `(${alone.summary?.added ?? '?'} added)`,
      );
    }
  } finally {
    await app.stop();
  }
}

buildApp();
if (ONLY !== 'postgres') await onDatabase('pglite');
if (ONLY !== 'pglite') {
  await withScratchPostgresUrl(
    PG_URL,
    `import_bench_${process.pid}`,
    (url) => onDatabase('postgres', url),
    (reason) => console.log(`import.postgres: skipped (${reason})`),
  );
}
const lookups = bookServices.requests.length;
await bookServices.close();
console.log(`import.book-services: ${lookups} requests to the fake Open Library and Google Books, none outside`);
process.exit(over ? 1 : 0);
