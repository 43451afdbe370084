// Loads one page in a fresh headless Chromium context and records every response it received until the
// network went quiet, through the DevTools protocol (what the browser really fetched, lazy chunks included).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import type { LoadedResource } from './tally.js';

/**
 * Chromium's own "network idle": 500 ms without a request in flight. On a busy machine a page can be quiet
 * that long while it is still parsing a chunk, so idle also needs the main thread to have time to spare.
 */
const QUIET_MS = 500;
const MAX_WAIT_MS = 60_000;

interface Pending {
  url: string;
  type: string;
  encoding: string;
  sentBytes: number;
}

/**
 * Opens `url` in a new context (empty cache), prepared by `prepare` (e.g. signed in), and waits until no
 * request has been in flight for QUIET_MS. Long-lived event streams never finish, so they do not count as
 * in flight. Returns every finished response with its bytes on the wire and its body's gzip size.
 */
export async function firstLoad(
  browser: Browser,
  url: string,
  prepare: (context: BrowserContext) => Promise<void> = async () => {},
): Promise<LoadedResource[]> {
  const context = await browser.newContext();
  try {
    await prepare(context);
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const pending = new Map<string, Pending>();
    const finished: { resource: Pending; body: Promise<Buffer> }[] = [];
    let lastActivity = performance.now();
    const inFlight = () => [...pending.values()].filter((p) => p.type !== 'EventSource').length;

    cdp.on('Network.requestWillBeSent', (e) => {
      lastActivity = performance.now();
      pending.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', encoding: 'identity', sentBytes: 0 });
    });
    cdp.on('Network.responseReceived', (e) => {
      const p = pending.get(e.requestId);
      if (!p) return;
      p.type = e.type;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      p.encoding = String(headers['content-encoding'] ?? 'identity');
    });
    // Each chunk's encodedDataLength is body bytes as received (compressed if it was); headers are not in it.
    cdp.on('Network.dataReceived', (e) => {
      const p = pending.get(e.requestId);
      if (p) p.sentBytes += e.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      lastActivity = performance.now();
      const p = pending.get(e.requestId);
      pending.delete(e.requestId);
      if (!p) return;
      // Compressed only once the page is idle: brotli at quality 11 would block this process for a second
      // and skew the clock that decides when the page went quiet.
      const body = cdp.send('Network.getResponseBody', { requestId: e.requestId }).then(
        ({ body, base64Encoded }) => Buffer.from(body, base64Encoded ? 'base64' : 'utf8'),
        () => Buffer.alloc(0), // a body Chromium did not keep (a redirect, a 204)
      );
      finished.push({ resource: p, body });
    });
    cdp.on('Network.loadingFailed', (e) => {
      lastActivity = performance.now();
      pending.delete(e.requestId);
    });

    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`bench/bundle: ${url} answered ${response?.status()}`);
    const started = performance.now();
    for (;;) {
      while (inFlight() > 0 || performance.now() - lastActivity < QUIET_MS) {
        if (performance.now() - started > MAX_WAIT_MS) throw new Error(`bench/bundle: ${url} never went idle`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const quietSince = lastActivity;
      // Answered once the page's main thread is free: a page still busy with a chunk answers late, and any
      // request it makes meanwhile starts the wait over. (Page timers and requestIdleCallback are throttled
      // headless, so nothing here waits on them.)
      await page.evaluate(() => 0);
      if (lastActivity === quietSince && inFlight() === 0) break;
    }
    return Promise.all(
      finished.map(async ({ resource, body }) => {
        const bytes = await body;
        const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        return { ...resource, gzipBytes: gzipSync(bytes).length, brotliBytes: brotli.length };
      }),
    );
  } finally {
    await context.close();
  }
}
