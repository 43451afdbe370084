// bench/bundle: the JS and CSS a first visit downloads, counted as Chromium counts it. Builds the app and
// starts the built server as `npm start` does (on a fresh embedded database), opens the landing page as a
// visitor and /dashboard as a reader with 1,000 books, each in an empty headless Chromium, and sums every
// script and stylesheet fetched until the page was idle (first-load.ts) — lazy chunks a first render, a timer
// or an idle callback pulls in included — each as Chromium counted it: headers and body as received. Prints
// that, the headers' share, and the bodies as gzip and as brotli, and holds the budgets in DESIGN.md to what
// is sent once the server compresses (the gzip estimate while it does not). Fails when a figure is over its
// budget.   BENCH_BUNDLE_PORT=3300 (default), BENCH_BUNDLE_BOOKS=1000, --files lists each file.
import { chromium } from 'playwright-core';
import { buildApp, startBuiltApp } from '../support/built-app.js';
import { firstLoad } from './first-load.js';
import { addBooks, signUp } from './reader-with-books.js';
import { formatLine, tally, type LoadedResource } from './tally.js';

const BUDGET_KB = { landing: 80, dashboard: 120 };
const CSS_BUDGET_KB = 50;

const port = Number(process.env.BENCH_BUNDLE_PORT ?? 3300);
const books = Number(process.env.BENCH_BUNDLE_BOOKS ?? 1_000);
const verbose = process.argv.includes('--files');

buildApp();
const app = await startBuiltApp({ port });
const base = app.url;

let over = false;
const browser = await chromium
  .launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  .catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
try {
  const reader = await signUp(base);
  const seeding = performance.now();
  await addBooks(base, `${reader.name}=${reader.value}`, books);
  console.log(`bundle: the reader's ${books} books added in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const pages: Record<keyof typeof BUDGET_KB, LoadedResource[]> = {
    landing: await firstLoad(browser, `${base}/`),
    dashboard: await firstLoad(browser, `${base}/dashboard`, (context) =>
      context.addCookies([{ ...reader, url: base, httpOnly: true, sameSite: 'Lax' }]),
    ),
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
          `  ${(r.sentBytes / 1024).toFixed(1).padStart(6)} sent (${(r.headerBytes / 1024).toFixed(1)} headers) ${(r.gzipBytes / 1024).toFixed(1).padStart(6)} gz ${(r.brotliBytes / 1024).toFixed(1).padStart(6)} br  ${r.encoding.padEnd(8)} ${new URL(r.url).pathname}`,
        );
  }
  const css = formatLine('bundle.css', worstCss, CSS_BUDGET_KB);
  over ||= css.over;
  console.log(css.line);
} finally {
  await browser.close();
  await app.stop();
}
process.exit(over ? 1 : 0);
