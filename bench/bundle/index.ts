// bench/bundle: the JS and CSS a first visit downloads, counted as Chromium loads the page. Builds the app
// and starts the built server as `npm start` does (on a fresh embedded database), opens the landing page as
// a visitor and /dashboard signed in, each in an empty headless Chromium, and sums every script and
// stylesheet fetched before the network went quiet — lazy chunks a first render pulls in included. Prints
// bytes as sent, as gzip and as brotli, and holds the budgets in DESIGN.md to what is sent once the server compresses
// (the gzip estimate while it does not). Fails when a figure is over its budget.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { firstLoad } from './first-load.js';
import { formatLine, tally, type LoadedResource } from './tally.js';

const BUDGET_KB = { landing: 80, dashboard: 120 };
const CSS_BUDGET_KB = 50;

const repo = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.BENCH_BUNDLE_PORT ?? 3300);
const base = `http://127.0.0.1:${port}`;
const verbose = process.argv.includes('--files');

execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repo, stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-bundle-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: repo,
  detached: true,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => server.once('exit', resolve));

let over = false;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (let started = Date.now(); ;) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 120_000) throw new Error('bench/bundle: the server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }

  const pages: Record<keyof typeof BUDGET_KB, LoadedResource[]> = {
    landing: await firstLoad(browser, `${base}/`),
    dashboard: await firstLoad(browser, `${base}/dashboard`, async (context) => {
      const id = randomUUID().slice(0, 8);
      const res = await context.request.post(`${base}/api/auth/register`, {
        headers: { 'x-requested-with': 'bench' },
        data: { name: `Bench ${id}`, email: `bench-${id}@example.test`, password: `pw-${randomUUID()}` },
      });
      if (res.status() !== 201) throw new Error(`bench/bundle: register answered ${res.status()}`);
    }),
  };

  let worstCss = tally([], 'Stylesheet');
  for (const [name, resources] of Object.entries(pages) as [keyof typeof BUDGET_KB, LoadedResource[]][]) {
    const js = formatLine(`bundle.${name}.js`, tally(resources, 'Script'), BUDGET_KB[name]);
    over ||= js.over;
    console.log(js.line);
    const css = tally(resources, 'Stylesheet');
    if (css.countedKb > worstCss.countedKb) worstCss = css;
    if (verbose)
      for (const r of resources.filter((x) => x.type === 'Script' || x.type === 'Stylesheet'))
        console.log(
          `  ${(r.sentBytes / 1024).toFixed(1).padStart(6)} sent ${(r.gzipBytes / 1024).toFixed(1).padStart(6)} gz ${(r.brotliBytes / 1024).toFixed(1).padStart(6)} br  ${r.encoding.padEnd(8)} ${new URL(r.url).pathname}`,
        );
  }
  const css = formatLine('bundle.css', worstCss, CSS_BUDGET_KB);
  over ||= css.over;
  console.log(css.line);
} finally {
  await browser.close();
  process.kill(-server.pid!, 'SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(over ? 1 : 0);
