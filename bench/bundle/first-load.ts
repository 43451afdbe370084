// Loads one page in a fresh headless Chromium context and records every response it received until the page
// was really idle, through the DevTools protocol: what the browser fetched and the bytes it counted for each,
// headers included, lazy chunks a timer or an idle callback pulls in included.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import type { LoadedResource } from './tally.js';

/**
 * How long the network must stay quiet. Chromium's own "network idle" (500 ms) ends before the chunks a page
 * loads on a timer soon after start-up (the toast list, 2 s after it mounts) or once the browser is idle;
 * a reader who stays on the page downloads them all the same, so they are part of the first load.
 */
export const QUIET_MS = 2_000;
/** The longest an idle callback may be held back by a page that never idles (timers are throttled headless). */
const IDLE_CALLBACK_TIMEOUT_MS = 5_000;
const MAX_WAIT_MS = 90_000;

interface Pending {
  url: string;
  type: string;
  encoding: string;
  contentLength: number | undefined;
  bodyBytes: number;
}

/**
 * Opens `url` in a new context (empty cache), prepared by `prepare` (e.g. signed in), and waits until the page
 * is idle: no request in flight for QUIET_MS, then an idle callback in the page has run, and nothing was
 * requested meanwhile (else the wait starts over). Long-lived event streams never finish, so they do not count
 * as in flight. Returns every finished response with the bytes Chromium counted for it (its
 * `loadingFinished` encodedDataLength: status line, headers and body as received) and its body's gzip and
 * brotli sizes.
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
    const finished: { resource: Pending; wireBytes: number; body: Promise<Buffer> }[] = [];
    let lastActivity = performance.now();
    let requests = 0;
    const inFlight = () => [...pending.values()].filter((p) => p.type !== 'EventSource').length;

    cdp.on('Network.requestWillBeSent', (e) => {
      lastActivity = performance.now();
      requests += 1;
      pending.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? 'Other',
        encoding: 'identity',
        contentLength: undefined,
        bodyBytes: 0,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      const p = pending.get(e.requestId);
      if (!p) return;
      p.type = e.type;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      p.encoding = String(headers['content-encoding'] ?? 'identity');
      const length = Number(headers['content-length']);
      p.contentLength = Number.isFinite(length) ? length : undefined;
    });
    cdp.on('Network.dataReceived', (e) => {
      const p = pending.get(e.requestId);
      if (p) p.bodyBytes += e.encodedDataLength;
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
      finished.push({ resource: p, wireBytes: e.encodedDataLength, body });
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
      const seen = requests;
      // Answered once the page's main thread is free and the browser has run its idle callbacks: work queued
      // with requestIdleCallback (decision 035's "after the first screen") has then started its requests.
      await page.evaluate(
        (timeout) => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout })),
        IDLE_CALLBACK_TIMEOUT_MS,
      );
      await new Promise((r) => setTimeout(r, 100));
      if (requests === seen && inFlight() === 0) break;
    }
    return Promise.all(
      finished.map(async ({ resource, wireBytes, body }) => {
        const bytes = await body;
        const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        // Body bytes as sent: the response's own length when it gave one (dataReceived can lag behind).
        const bodyBytes = Math.min(resource.contentLength ?? resource.bodyBytes, wireBytes);
        return {
          url: resource.url,
          type: resource.type,
          encoding: resource.encoding,
          sentBytes: wireBytes,
          headerBytes: wireBytes - bodyBytes,
          gzipBytes: gzipSync(bytes).length,
          brotliBytes: brotli.length,
        };
      }),
    );
  } finally {
    await context.close();
  }
}
