// bench/reader: the reader as a reader meets it, in headless Chromium against the app as `npm start` runs it
// (production build, PGlite). Uploads a generated 1,000-page PDF of ~20 MB (pictures, as a scan has), a real
// 1,158-page manual (real-manual.ts: many fonts, figures, an outline, object streams), a ~20 MB EPUB and a 5 MB
// text file through the API, then for each opens the File Browser in a fresh browser context (empty HTTP and
// file caches, so the reader's chunks and the file's bytes arrive as on a first open) and times a double-click
// on the file to its first painted page (`[data-rendered-page]`: canvas and text layer), beside a bare fetch of
// the whole file from the same server in the same page, and beside the baselines of baseline-server.ts opening
// the same URL in turn with it: stock pdf.js for PDFs, on the local line and on an emulated 50 Mbit/s, 20 ms
// one, and foliate-js's own demo for the EPUB. Then the text pagination of the 5 MB file in the page (beside a
// bare split into words), and the memory after paging through 200 PDF pages (live canvases and the JS heap
// after a collection, against page 10).
import { randomUUID } from 'node:crypto';
import { makeEpub, makePdf, makeText } from '@bookshelf/test-support';
import { paginateText, ReaderLimits } from '@bookshelf/contract';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp, startBuiltApp } from '../support/built-app.js';
import { FOLIATE_PAINTED, startBaselineServer } from './baseline-server.js';
import { realManual } from './real-manual.js';

const BUDGET = { pdfMs: 1500, epubMs: 2000, paginateMs: 300 };
const RUNS = Number(process.env.BENCH_READER_RUNS ?? 3);
const THROTTLED_RUNS = 3;
const PDF_PAGES = 1000;
const MANUAL_PAGES = 1158;
const PAGED_THROUGH = 200;
const port = Number(process.env.BENCH_READER_PORT ?? 3310);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const ms = (n: number) => `${Math.round(n)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

buildApp();
const app = await startBuiltApp({ port });
const base = app.url;
const stock = await startBaselineServer(base);
const browser: Browser = await chromium
  .launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  .catch(async (error: unknown) => {
    await stock.stop();
    await app.stop();
    throw error;
  });

let over = false;
const report = (name: string, value: number, budget: number | null, beside: string) => {
  const fails = budget !== null && value > budget;
  over ||= fails;
  console.log(
    `reader.${name}: ${ms(value)}${budget !== null ? ` (budget ≤ ${ms(budget)})` : ''}  ${beside}${fails ? '  OVER' : ''}`,
  );
};

try {
  // One reader, signed in by cookie; every run's context gets the same cookies and nothing else.
  const setup = await browser.newContext();
  const id = randomUUID().slice(0, 8);
  const registered = await setup.request.post(`${base}/api/auth/register`, {
    headers: { 'x-requested-with': 'bench' },
    data: { name: `Reader ${id}`, email: `reader-${id}@example.test`, password: `pw-${randomUUID()}` },
  });
  if (registered.status() !== 201) throw new Error(`bench/reader: register answered ${registered.status()}`);
  const cookies = await setup.cookies();

  const manual = realManual();
  const files = {
    pdf: {
      name: 'Thousand pages.pdf',
      type: 'application/pdf',
      bytes: await makePdf({ pages: PDF_PAGES, targetBytes: 20 * 1024 * 1024 }),
    },
    manual: {
      name: 'bytes' in manual ? manual.name : '',
      type: 'application/pdf',
      bytes: 'bytes' in manual ? manual.bytes : Buffer.alloc(0),
    },
    epub: {
      name: 'Big book.epub',
      type: 'application/epub+zip',
      bytes: makeEpub({ chapters: 40, targetBytes: 20 * 1024 * 1024 }),
    },
    txt: { name: 'Five megabytes.txt', type: 'text/plain', bytes: Buffer.from(makeText({ bytes: 5 * 1024 * 1024 })) },
  };
  const ids: Record<keyof typeof files, string> = { pdf: '', manual: '', epub: '', txt: '' };
  for (const [key, file] of Object.entries(files) as [keyof typeof files, (typeof files)['pdf']][]) {
    if (file.bytes.byteLength === 0) continue;
    const res = await setup.request.post(`${base}/api/cloud-drives/uploads`, {
      headers: { 'x-requested-with': 'bench' },
      multipart: { file: { name: file.name, mimeType: file.type, buffer: Buffer.from(file.bytes) } },
    });
    const body = (await res.json()) as { files: { id: string }[]; rejected: unknown[] };
    if (res.status() >= 300 || !body.files[0])
      throw new Error(`bench/reader: upload of ${file.name}: ${res.status()} ${JSON.stringify(body)}`);
    ids[key] = body.files[0].id;
  }
  await setup.close();
  console.log(
    `files: ${files.pdf.name} ${mb(files.pdf.bytes.byteLength)} (${PDF_PAGES} pages), ${files.manual.name ? `${files.manual.name} ${mb(files.manual.bytes.byteLength)} (${MANUAL_PAGES} pages), ` : ''}${files.epub.name} ${mb(files.epub.bytes.byteLength)}, ${files.txt.name} ${mb(files.txt.bytes.byteLength)}`,
  );

  const freshPage = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${base}/cloud-drives?tab=browser`);
    await page.getByRole('grid', { name: 'Files' }).waitFor();
    return { context, page };
  };

  /** A reader on a 50 Mbit/s line with 20 ms to the server: where range requests earn their keep. */
  const throttle = async (context: BrowserContext, page: Page) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: (50 * 1024 * 1024) / 8,
      uploadThroughput: (10 * 1024 * 1024) / 8,
    });
  };

  /** Double-click → first painted page, timed in the page; then a bare fetch of the whole file, in the same page. */
  const openOnce = async (name: string, fileId: string, throttled = false) => {
    const { context, page } = await freshPage();
    try {
      if (throttled) await throttle(context, page);
      await page.evaluate(() => {
        const w = window as unknown as { __t0?: number; __t1?: number };
        document.addEventListener('dblclick', () => (w.__t0 = performance.now()), { capture: true, once: true });
        new MutationObserver((_, observer) => {
          if (document.querySelector('[data-rendered-page]')) {
            w.__t1 = performance.now();
            observer.disconnect();
          }
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-rendered-page'],
        });
      });
      const said: string[] = [];
      page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`));
      await page.getByRole('gridcell').filter({ hasText: name }).dblclick();
      await page
        .locator('[data-rendered-page]')
        .first()
        .waitFor({ timeout: 60_000 })
        .catch((error: unknown) => {
          throw new Error(
            `bench/reader: ${name} never showed a page${throttled ? ' at 50 Mbit/s' : ''}; the page said:\n${said.join('\n')}`,
            { cause: error },
          );
        });
      const open = await page.evaluate(() => {
        const w = window as unknown as { __t0: number; __t1: number };
        return w.__t1 - w.__t0;
      });
      const bare = await page.evaluate(
        async (url) => {
          const t0 = performance.now();
          const res = await fetch(url, { cache: 'no-store' });
          await res.arrayBuffer();
          return performance.now() - t0;
        },
        `/api/cloud-drives/files/${encodeURIComponent(fileId)}/content`,
      );
      return { open, bare };
    } finally {
      await context.close();
    }
  };

  /** A baseline page (stock pdf.js, foliate's demo) in a fresh context: navigation start → its first painted page. */
  const baselineOnce = async (url: string, throttled = false, initScript?: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await context.addCookies(cookies);
      const page = await context.newPage();
      if (throttled) await throttle(context, page);
      if (initScript) await page.addInitScript(initScript);
      await page.goto(url);
      await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, null, {
        timeout: 60_000,
      });
      return await page.evaluate(() => (window as unknown as { __painted: number }).__painted);
    } finally {
      await context.close();
    }
  };

  /** The app and its baseline, one open of each in turn, so the machine's load falls on both alike. */
  const beside = async (
    runs: number,
    app: () => Promise<{ open: number; bare: number }>,
    base: () => Promise<number>,
  ) => {
    const apps: number[] = [];
    const bares: number[] = [];
    const baselines: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const run = await app();
      apps.push(run.open);
      bares.push(run.bare);
      baselines.push(await base());
    }
    return { app: median(apps), slowest: Math.max(...apps), bare: median(bares), baseline: median(baselines) };
  };
  const ratio = (app: number, baseline: number) => `${(app / baseline).toFixed(2)}× of it`;

  const pdfs = [
    ['pdf', `generated ${PDF_PAGES} pages`],
    ...('bytes' in manual ? ([['manual', `${MANUAL_PAGES}-page manual`]] as const) : []),
  ] as const;
  for (const [key, label] of pdfs) {
    const local = await beside(
      RUNS,
      () => openOnce(files[key].name, ids[key]),
      () => baselineOnce(stock.stockPdf(ids[key])),
    );
    report(
      `${key}.first-page`,
      local.app,
      BUDGET.pdfMs,
      `stock pdf.js ${ms(local.baseline)} (${ratio(local.app, local.baseline)}) (${label}, median of ${RUNS} cold opens each; app's slowest ${ms(local.slowest)}; bare fetch of the whole file ${ms(local.bare)})`,
    );
    const slow = await beside(
      THROTTLED_RUNS,
      () => openOnce(files[key].name, ids[key], true),
      () => baselineOnce(stock.stockPdf(ids[key]), true),
    );
    report(
      `${key}.first-page-at-50mbit`,
      slow.app,
      BUDGET.pdfMs,
      `stock pdf.js ${ms(slow.baseline)} (${ratio(slow.app, slow.baseline)}) (${label}, median of ${THROTTLED_RUNS} cold opens each on an emulated 50 Mbit/s, 20 ms line, scripts included; bare fetch of the whole file ${ms(slow.bare)})`,
    );
  }
  if ('missing' in manual) console.log(`reader.manual: skipped, ${manual.missing}`);

  {
    const epub = await beside(
      RUNS,
      () => openOnce(files.epub.name, ids.epub),
      () => baselineOnce(stock.foliateDemo(ids.epub), false, FOLIATE_PAINTED),
    );
    report(
      'epub.first-page',
      epub.app,
      BUDGET.epubMs,
      `foliate-js demo ${ms(epub.baseline)} (${ratio(epub.app, epub.baseline)}) (median of ${RUNS} cold opens each; app's slowest ${ms(epub.slowest)}; bare fetch of the whole file ${ms(epub.bare)})`,
    );
  }
  {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await openOnce(files.txt.name, ids.txt));
    report(
      'txt.first-page',
      median(runs.map((r) => r.open)),
      null,
      `(median of ${RUNS} cold opens; bare fetch of the whole file ${ms(median(runs.map((r) => r.bare)))})`,
    );
  }

  // Pagination of the 5 MB text, in the browser, with the contract's own function; beside a bare split.
  {
    const { context, page } = await freshPage();
    const text = Buffer.from(files.txt.bytes).toString('utf8');
    // The contract's function as source, evaluated through the DevTools protocol (the page's CSP has no eval).
    await page.evaluate(`window.__paginate = ${paginateText.toString()}`);
    const timing = await page.evaluate(
      ({ text, words }) => {
        const paginate = (window as unknown as { __paginate: (t: string, n: number) => string[] }).__paginate;
        const runs: number[] = [];
        const bare: number[] = [];
        let pages = 0;
        let parts = 0;
        for (let i = 0; i < 5; i += 1) {
          let t0 = performance.now();
          pages = paginate(text, words).length;
          runs.push(performance.now() - t0);
          t0 = performance.now();
          // A new string each time: V8 caches a split of the same string by the same pattern.
          parts = text.concat(' ', String(i)).split(/\s+/).length;
          bare.push(performance.now() - t0);
        }
        // No named helper in here: tsx would wrap it in a __name() call the page does not have.
        runs.sort((a, b) => a - b);
        bare.sort((a, b) => a - b);
        return { ms: runs[2]!, bare: bare[2]!, pages, words: parts };
      },
      { text, words: ReaderLimits.wordsPerPage },
    );
    await context.close();
    report(
      'txt.paginate-5mb',
      timing.ms,
      BUDGET.paginateMs,
      `(${timing.pages} pages of ${ReaderLimits.wordsPerPage} words; bare split into its ${timing.words} words ${ms(timing.bare)})`,
    );
  }

  // Memory after paging through 200 PDF pages with the keyboard, one rendered page at a time.
  {
    const { context, page } = await freshPage();
    const cdp = await context.newCDPSession(page);
    await page.getByRole('gridcell').filter({ hasText: files.pdf.name }).dblclick();
    await page.locator('[data-rendered-page="1"]').waitFor({ timeout: 60_000 });
    const measure = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const canvases = await page.evaluate(() =>
        [...document.querySelectorAll('canvas')].reduce(
          (sum, c) => ({
            count: sum.count + (c.width * c.height > 0 ? 1 : 0),
            bytes: sum.bytes + c.width * c.height * 4,
          }),
          { count: 0, bytes: 0 },
        ),
      );
      return { heap: usedSize, ...canvases };
    };
    // One key press, then its page painted, before the next: presses sent ahead of the paints ran past the
    // page waited for (200 was never painted) and the wait timed out.
    const turnTo = async (n: number) => {
      let shown = Number(await page.locator('[data-rendered-page]').first().getAttribute('data-rendered-page'));
      while (shown < n) {
        await page.keyboard.press('ArrowRight');
        await page.locator(`[data-rendered-page="${shown + 1}"]`).waitFor({ timeout: 30_000 });
        shown += 1;
      }
    };
    await turnTo(10);
    const at10 = await measure();
    const t0 = performance.now();
    await turnTo(PAGED_THROUGH);
    const pagingMs = performance.now() - t0;
    const at200 = await measure();
    await context.close();
    const growth = at200.heap - at10.heap;
    const grew = growth > 20 * 1024 * 1024 || at200.count > at10.count + 2;
    over ||= grew;
    console.log(
      `reader.pdf.memory-after-${PAGED_THROUGH}-pages: JS heap ${mb(at200.heap)} (at page 10: ${mb(at10.heap)}, growth ${mb(growth)}; budget: no growth beyond the pages in view, ≤ 20 MB), canvases alive ${at200.count} holding ${mb(at200.bytes)} (at page 10: ${at10.count}, ${mb(at10.bytes)})${grew ? '  OVER' : ''}`,
    );
    console.log(
      `reader.pdf.paging: pages 10 → ${PAGED_THROUGH} in ${ms(pagingMs)} (${ms(pagingMs / (PAGED_THROUGH - 10))} a page, each waited for until painted)`,
    );
  }
} finally {
  await browser.close();
  await stock.stop();
  await app.stop();
}
process.exit(over ? 1 : 0);
