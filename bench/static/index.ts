// bench/static: the built web app's files as the app serves them (`npm start`: production build, PGlite)
// against a bare node:http server sending the same bytes with the same headers, in the same run. For the
// largest JS chunk and for the app shell (index.html, sent for every client route), fetched as a browser
// does, with `Accept-Encoding: br, gzip`. Also the bytes of the chunk per encoding, and the CPU cost of the
// API's on-the-fly compression levels (decision 024).
//
//   BENCH_PORT_BASE=3100 npm run bench static   (the app on that port, the bare server on the next; free ones
//   without it)     STATIC_BENCH_SECONDS=10, STATIC_BENCH_CONNECTIONS=50, STATIC_BENCH_ROUNDS=3 (median)
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAutocannon, type LoadRun } from '../support/autocannon.js';
import { capture, startBareServer } from '../support/bare-server.js';
import { buildApp, startBuiltApp } from '../support/built-app.js';
import { rawGet } from '../support/raw-get.js';
import { booksPage, compressionCosts } from './compression-cost.js';

const BUDGET = 0.5;
const seconds = Number(process.env.STATIC_BENCH_SECONDS ?? 10);
const connections = Number(process.env.STATIC_BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.STATIC_BENCH_ROUNDS ?? 3);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 0);
const ACCEPT = { 'accept-encoding': 'br, gzip' };

const repo = fileURLToPath(new URL('../..', import.meta.url));
const assetsDir = path.join(repo, 'apps/web/dist/assets');

/** The round with the median throughput. */
const median = (results: LoadRun[]) => [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const line = (name: string, r: LoadRun, all: LoadRun[]) =>
  `${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms` +
  ` (rounds ${all.map((a) => a.rps.toFixed(0)).join(', ')})` +
  (r.errors || r.timeouts || r.unexpected
    ? `, errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.unexpected}`
    : '');

let over = false;
buildApp();
// NODE_ENV=production, as this bench has always run the app (the server reads none; libraries may).
const app = await startBuiltApp({ ...(portBase ? { port: portBase } : {}), env: { NODE_ENV: 'production' } });
try {
  // The largest chunk, as a browser would fetch it first: the one that matters most on a first load.
  const chunk = readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, size: statSync(path.join(assetsDir, f)).size }))
    .sort((a, b) => b.size - a.size)[0]!.f;
  const chunkUrl = `/assets/${chunk}`;

  // The bytes on the wire per encoding: for the largest chunk and for the entry chunk index.html loads.
  const shell = (await rawGet(`${app.url}/`)).body.toString();
  const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(shell)?.[1];
  for (const url of new Set([chunkUrl, ...(entry ? [entry] : [])])) {
    const sizes = await Promise.all(
      ['identity', 'gzip', 'br'].map((coding) => rawGet(app.url + url, { 'accept-encoding': coding })),
    );
    const [identity, gzip, br] = sizes.map((r) => kb(r.body.length));
    const sent = sizes.map((r) => String(r.headers['content-encoding'] ?? 'identity')).join('/');
    console.log(
      `static.bytes ${url}${url === entry ? ' (entry)' : ''}: identity ${identity}, gzip ${gzip}, br ${br} (sent as ${sent})`,
    );
  }

  // Warm the app's JIT before anything counts.
  await runAutocannon({ url: app.url + chunkUrl, headers: ACCEPT, connections, duration: 2 });

  for (const [name, target] of [
    ['asset', chunkUrl],
    ['index.html', '/'],
  ] as const) {
    const captured = await capture(app.url + target, ACCEPT);
    if (captured.status !== 200) throw new Error(`${target} answered ${captured.status}`);
    const bare = await startBareServer(new Map([[target, captured]]), { port: portBase ? portBase + 1 : 0 });
    // Rounds alternate app and bare, and each side's median round counts: a burst of load from elsewhere
    // on a shared machine then spoils one round, not the comparison.
    const appRounds: LoadRun[] = [];
    const bareRounds: LoadRun[] = [];
    try {
      for (let round = 0; round < rounds; round += 1) {
        const load = { headers: ACCEPT, connections, duration: seconds };
        appRounds.push(await runAutocannon({ url: app.url + target, ...load }));
        bareRounds.push(await runAutocannon({ url: bare.url + target, ...load }));
      }
    } finally {
      await bare.close();
    }
    const appResult = median(appRounds);
    const bareResult = median(bareRounds);
    const appFailures = appRounds.reduce((n, r) => n + r.errors + r.timeouts + r.unexpected, 0);
    const ratio = appResult.rps / bareResult.rps;
    const failed = appFailures > 0;
    const ok = ratio >= BUDGET && !failed;
    over ||= !ok;
    const encoding = String(captured.headers['content-encoding'] ?? 'identity');
    console.log(line(`static.${name}.app (${encoding}, ${kb(captured.body.length)})`, appResult, appRounds));
    console.log(line(`static.${name}.bare`, bareResult, bareRounds));
    console.log(
      `static.${name}: ${(ratio * 100).toFixed(0)}% of bare (budget ≥ ${BUDGET * 100}%, no errors)${ok ? '' : '  OVER BUDGET'}`,
    );
  }
} finally {
  await app.stop();
}

const page = booksPage();
console.log(`static.api-compression on a ${kb(Buffer.byteLength(page))} page of 50 books (CPU per answer, size):`);
for (const { name, bytes, micros } of compressionCosts(page)) {
  console.log(`  ${name.padEnd(10)} ${micros.toFixed(0).padStart(6)} µs  ${kb(bytes)}`);
}

if (over) process.exit(1);
