// bench/sync: a reader connects a Google Drive of 20,000 files (BENCH_SYNC_FILES, 100 to a folder, so 200 pages
// of files.list) through the API of the built app (as `npm start` runs it), the fake OAuth provider and the fake
// Drive of test-support standing in for Google; on PGlite (a temporary DATA_DIR) and on PostgreSQL (a scratch
// database). Prints
//  - the full sync's time, from the connect callback's answer (which starts it) to the sync status reading
//    completed, beside the bare baseline from the same run: the very Drive calls the sync made, sent again by
//    a plain fetch client (the fake's own response time), and our overhead beyond it;
//  - the floor the provider's pacer sets (20 Drive calls a second, so about ten seconds for 200 pages);
//  - an incremental sync of 100 changes (30 added, 40 changed, 30 removed), from POST …/sync/{id}/start to
//    completed, its counts checked, beside its own bare baseline; BENCH_SYNC_ROUNDS (5) times, the slowest
//    judged, as each one's time depends on when the job runner picks the sync up.
// Budgets (issue 14): full sync ≤ 15 s, incremental ≤ 1 s. Exits 1 over budget or when a count is wrong.
//   BENCH_SYNC_FILES=20000   BENCH_SYNC_ROUNDS=5   BENCH_SYNC_DB=pglite|postgres
//   BENCH_SYNC_DRIVE_DELAY_MS=0 (latency added to each fake Drive answer, for a Drive slower than the fake)
import { setTimeout as sleep } from 'node:timers/promises';
import type { CloudConnection, CloudFile, SyncStatus } from '@bookshelf/contract';
import postgres from 'postgres';
import { buildApp, startBuiltApp } from '../support/built-app.js';
import { withScratchPostgresUrl } from '../support/scratch-postgres.js';
import {
  apiCalls,
  bareBaseline,
  clockArrivals,
  fillDrive,
  startDriveFakes,
  type DriveFakes,
  type TimedCall,
} from './drive-fakes.js';

const FILES = Number(process.env.BENCH_SYNC_FILES ?? 20_000);
const ONLY = process.env.BENCH_SYNC_DB;
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PER_FOLDER = 100;
const PAGE_SIZE = 100;
/** The Google provider's pace (providers/google-drive.ts CALLS_PER_SECOND). */
const PACER_PER_SECOND = 20;
const CHANGES = { added: 30, updated: 40, removed: 30 };
const ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 5);
/** Latency added to every fake Drive answer (0: the fake's own), to see a sync against a slower Drive. */
const DRIVE_DELAY_MS = Number(process.env.BENCH_SYNC_DRIVE_DELAY_MS ?? 0);
const BUDGET_S = { full: 15, incremental: 1 };
const POLL_MS = 50;
const SYNC_TIMEOUT_MS = 300_000;

let over = false;
const json = { 'content-type': 'application/json', 'x-requested-with': 'bench' };
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const GAP_MS = 1000 / PACER_PER_SECOND;

/**
 * Where a sync's time went, from its calls' arrivals at the fake: the wait before the first, the gaps between
 * them (the pacer's 50 ms, and whatever our work on a page took beyond it) and the tail after the last.
 */
function timeline(calls: TimedCall[], from: number, to: number): string {
  if (calls.length === 0) return 'no Drive calls';
  const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
  const sorted = [...gaps].sort((a, b) => a - b);
  const slow = gaps.filter((g) => g > GAP_MS * 1.5);
  const excess = sum(gaps.map((g) => Math.max(0, g - GAP_MS)));
  const kinds = new Map<string, number>();
  for (const { request } of calls) {
    const key = `${request.path}${request.query.get('pageToken') === null ? '' : ' (paged)'}`;
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  const spacing =
    gaps.length === 0
      ? ''
      : `${gaps.length} gaps between calls, median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms, ` +
        `${slow.length} over ${GAP_MS * 1.5} ms (max ${(sorted.at(-1) ?? 0).toFixed(0)} ms), beyond the ` +
        `pacer's ${GAP_MS} ms they add ${s(excess)}; `;
  return (
    `first Drive call ${(calls[0]!.at - from).toFixed(0)} ms after the start; ${spacing}` +
    `last call to completed seen ${(to - calls.at(-1)!.at).toFixed(0)} ms; calls: ` +
    [...kinds].map(([k, n]) => `${n}× ${k}`).join(', ')
  );
}

/**
 * How long each sync job waited between being queued and being started, read from the jobs table (PostgreSQL
 * only: PGlite's files belong to the app's process): the part of a sync's time the job runner sets.
 */
async function pickupTimes(databaseUrl: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql<{ waited: number }[]>`
      select extract(epoch from (started_at - created_at)) * 1000 as waited
      from jobs where kind = 'cloud-drives.sync' order by created_at`;
    return `${rows.map((r) => Number(r.waited).toFixed(0)).join(', ')} ms from queued to started, sync by sync`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function signUp(origin: string, name: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      name,
      email: `${name}-${process.pid}-${Date.now()}@example.org`,
      password: 'a long bench password',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The popup's trip as a browser makes it: our start page, the provider's consent (at once), the code posted back. */
async function authorize(origin: string, cookie: string): Promise<{ code: string; state: string }> {
  const start = await fetch(`${origin}/api/cloud-drives/connect/google`, {
    headers: { cookie, 'x-requested-with': 'bench' },
    redirect: 'manual',
  });
  if (start.status !== 302) throw new Error(`the connect start answered ${start.status}: ${await start.text()}`);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  if (consent.status !== 302) throw new Error(`the fake consent answered ${consent.status}: ${await consent.text()}`);
  const back = new URL(consent.headers.get('location')!);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function syncStatus(origin: string, cookie: string, connectionId: string): Promise<SyncStatus> {
  const res = await fetch(`${origin}/api/cloud-drives/sync/status`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET sync/status answered ${res.status}`);
  const status = ((await res.json()) as SyncStatus[]).find((x) => x.connectionId === connectionId);
  if (!status) throw new Error(`sync/status does not list connection ${connectionId}`);
  return status;
}

/**
 * Asks every POLL_MS until the connection's sync has finished after `lastSyncAt` (the one before it): a page
 * hears of it live, and 20 small requests a second cost the server little. Throws on a failed sync.
 */
async function finished(origin: string, cookie: string, connectionId: string, lastSyncAt: string | null) {
  const deadline = performance.now() + SYNC_TIMEOUT_MS;
  for (;;) {
    const status = await syncStatus(origin, cookie, connectionId);
    if (status.status === 'error') throw new Error(`the sync failed: ${status.error}`);
    // Completed reads idle again five seconds later (core.md §4): either way it is done once lastSyncAt moved.
    if (status.status !== 'syncing' && status.lastSyncAt !== lastSyncAt) return status;
    if (performance.now() > deadline) throw new Error(`the sync did not finish within ${SYNC_TIMEOUT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

async function listFiles(origin: string, cookie: string): Promise<{ files: CloudFile[]; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/cloud-drives/files`, { headers: { cookie } });
  const files = (await res.json()) as CloudFile[];
  if (res.status !== 200) throw new Error(`GET /api/cloud-drives/files answered ${res.status}`);
  return { files, ms: performance.now() - started };
}

/**
 * 100 changes on the drive: new files in existing folders (so no folder changes), new content, deletions;
 * spread over the drive, and each round's on files no other round touched.
 */
function changeDrive(fakes: DriveFakes, files: { id: string; folder: string }[], round: number) {
  const { drive } = fakes;
  const step = Math.floor(files.length / (CHANGES.updated + CHANGES.removed));
  const picked = Array.from({ length: CHANGES.updated + CHANGES.removed }, (_, i) => files[i * step + round]!);
  for (const f of picked.slice(0, CHANGES.updated)) drive.file(drive.updateFile(f.id, { size: 4096 }).id);
  for (const f of picked.slice(CHANGES.updated)) drive.removeFile(f.id);
  for (let i = 0; i < CHANGES.added; i += 1) {
    drive.addFile({
      path: `${files[(i * 997) % files.length]!.folder}/New arrival ${round + 1}-${i + 1}.epub`,
      size: 3072,
    });
  }
}

async function onDatabase(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const fakes = await startDriveFakes({ delayMs: DRIVE_DELAY_MS });
  const arrivals = clockArrivals(fakes.drive);
  const setupStarted = performance.now();
  const generated = fillDrive(fakes.drive, FILES, PER_FOLDER);
  const setupMs = performance.now() - setupStarted;
  const app = await startBuiltApp({ ...(databaseUrl ? { databaseUrl } : {}), env: fakes.appEnv });
  try {
    const origin = app.url;
    const cookie = await signUp(origin, 'syncer');
    const { code, state } = await authorize(origin, cookie);

    // The full sync: the callback stores the connection and starts its first sync.
    const callsBefore = fakes.drive.requests.length;
    const callbackStarted = performance.now();
    const callback = await fetch(`${origin}/api/cloud-drives/connect/google/callback`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ code, state }),
    });
    const answeredAt = performance.now();
    if (callback.status !== 201) throw new Error(`the callback answered ${callback.status}: ${await callback.text()}`);
    const connection = (await callback.json()) as CloudConnection;
    const full = await finished(origin, cookie, connection.id, null);
    const fullDoneAt = performance.now();
    const fullMs = fullDoneAt - answeredAt;
    const fullCalls = apiCalls(fakes.drive.requests.slice(callsBefore), arrivals);
    const isPage = ({ request: r }: TimedCall) =>
      r.path === '/drive/v3/files' && r.query.get('pageSize') === `${PAGE_SIZE}`;
    const pages = fullCalls.filter(isPage);

    const listed = await listFiles(origin, cookie);
    const bare = await bareBaseline(fakes, fullCalls, DRIVE_DELAY_MS > 0 ? 1 : 3);
    const bareMs = sum(bare);
    const barePagesMs = sum(bare.filter((_, i) => isPage(fullCalls[i]!)));
    const floorMs = (Math.max(1, fullCalls.length) - 1) * (1000 / PACER_PER_SECOND);

    const fullOk = fullMs <= BUDGET_S.full * 1000;
    const fullCounted = full.filesAdded === FILES && listed.files.length === FILES;
    over ||= !fullOk || !fullCounted;
    console.log(
      `sync.${kind}.full: ${s(fullMs)} from the callback's answer to completed, ${FILES} files in ` +
        `${pages.length} pages, ${full.filesAdded} added (budget ≤ ${BUDGET_S.full} s) ${fullOk ? 'ok' : 'OVER'}` +
        `${fullCounted ? '' : ` WRONG COUNT (GET files lists ${listed.files.length})`}; ` +
        `the callback itself ${(answeredAt - callbackStarted).toFixed(0)} ms`,
    );
    console.log(
      `sync.${kind}.full-baseline: ${s(bareMs)} for the sync's ${fullCalls.length} Drive calls sent again by a bare ` +
        `client (${s(barePagesMs)} for the ${pages.length} list pages alone, ` +
        `${(barePagesMs / Math.max(1, pages.length)).toFixed(1)} ms a page); our overhead ${s(fullMs - bareMs)}; ` +
        `beyond the larger of the baseline and the pacer's floor (${s(floorMs)}) ${s(fullMs - Math.max(floorMs, bareMs))}, ` +
        `${((fullMs - Math.max(floorMs, bareMs)) / Math.max(1, pages.length)).toFixed(1)} ms a page`,
    );
    console.log(
      `sync.${kind}.note: the Google provider paces Drive calls at ${PACER_PER_SECOND} a second, so ` +
        `${fullCalls.length} calls take at least ${s(floorMs)} whatever the drive and the database do; ` +
        `generating the fake drive took ${setupMs.toFixed(0)} ms (not timed)` +
        (DRIVE_DELAY_MS > 0 ? `; every Drive answer delayed ${DRIVE_DELAY_MS} ms` : ''),
    );
    console.log(`sync.${kind}.full-timeline: ${timeline(fullCalls, answeredAt, fullDoneAt)}`);
    console.log(
      `sync.${kind}.files: GET /api/cloud-drives/files lists ${listed.files.length} files in ${listed.ms.toFixed(0)} ms`,
    );

    // The incremental sync: 100 changes, then the reader's Sync now; ROUNDS times, as one sync's time depends
    // on when the job is picked up, and every one is to be within budget.
    let lastSyncAt = full.lastSyncAt;
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      changeDrive(fakes, generated, round);
      const callsBefore = fakes.drive.requests.length;
      const startedAt = performance.now();
      const start = await fetch(`${origin}/api/cloud-drives/sync/${connection.id}/start`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: '{}',
      });
      if (start.status !== 202) throw new Error(`sync start answered ${start.status}: ${await start.text()}`);
      const status = await finished(origin, cookie, connection.id, lastSyncAt);
      const doneAt = performance.now();
      lastSyncAt = status.lastSyncAt;
      const calls = apiCalls(fakes.drive.requests.slice(callsBefore), arrivals);
      const after = await listFiles(origin, cookie);
      const bareMs = sum(await bareBaseline(fakes, calls));
      const ms = doneAt - startedAt;
      times.push(ms);
      const counted =
        status.filesAdded === CHANGES.added &&
        status.filesUpdated === CHANGES.updated &&
        status.filesRemoved === CHANGES.removed &&
        after.files.length === FILES;
      over ||= !counted;
      console.log(
        `sync.${kind}.incremental-${round + 1}: ${ms.toFixed(0)} ms from Sync now to completed for ` +
          `${CHANGES.added + CHANGES.updated + CHANGES.removed} changes: ${status.filesAdded} added, ` +
          `${status.filesUpdated} updated, ${status.filesRemoved} removed` +
          `${counted ? '' : ` WRONG COUNTS (expected ${CHANGES.added}/${CHANGES.updated}/${CHANGES.removed} and ${FILES} files; GET files lists ${after.files.length})`}; ` +
          `the fake alone ${bareMs.toFixed(1)} ms; ${timeline(calls, startedAt, doneAt)}`,
      );
    }
    const worst = Math.max(...times);
    const incrementalOk = worst <= BUDGET_S.incremental * 1000;
    over ||= !incrementalOk;
    console.log(
      `sync.${kind}.incremental: ${worst.toFixed(0)} ms the slowest of ${ROUNDS} syncs of 100 changes, median ` +
        `${[...times].sort((a, b) => a - b)[Math.floor((ROUNDS - 1) / 2)]!.toFixed(0)} ms ` +
        `(budget ≤ ${BUDGET_S.incremental} s each) ${incrementalOk ? 'ok' : 'OVER'}`,
    );
    if (databaseUrl) console.log(`sync.${kind}.job-pickup: ${await pickupTimes(databaseUrl)}`);
  } finally {
    await app.stop();
    await fakes.close();
  }
}

buildApp();
if (ONLY !== 'postgres') await onDatabase('pglite');
if (ONLY !== 'pglite') {
  await withScratchPostgresUrl(
    PG_URL,
    `sync_bench_${process.pid}`,
    (url) => onDatabase('postgres', url),
    (reason) => console.log(`sync.postgres: skipped (${reason})`),
  );
}
process.exit(over ? 1 : 0);
