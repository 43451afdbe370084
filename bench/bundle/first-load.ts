// Loads one page in a fresh headless Chromium context and records every response it received until the
// network went quiet, through the DevTools protocol (what the browser really fetched, lazy chunks included).
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import type { LoadedResource } from './tally.js';

/** Chromium's own "network idle" is 500 ms without a request; a loaded 2-core machine gets twice that. */
const QUIET_MS = 1_000;
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
    const finished: Promise<LoadedResource | undefined>[] = [];
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
      finished.push(
        cdp.send('Network.getResponseBody', { requestId: e.requestId }).then(
          ({ body, base64Encoded }) => {
            const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
            return { ...p, gzipBytes: gzipSync(bytes).length };
          },
          () => ({ ...p, gzipBytes: 0 }), // a body Chromium did not keep (a redirect, a 204)
        ),
      );
    });
    cdp.on('Network.loadingFailed', (e) => {
      lastActivity = performance.now();
      pending.delete(e.requestId);
    });

    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`bench/bundle: ${url} answered ${response?.status()}`);
    const started = performance.now();
    while (inFlight() > 0 || performance.now() - lastActivity < QUIET_MS) {
      if (performance.now() - started > MAX_WAIT_MS) throw new Error(`bench/bundle: ${url} never went idle`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const resources = (await Promise.all(finished)).filter((r): r is LoadedResource => r !== undefined);
    return resources;
  } finally {
    await context.close();
  }
}
