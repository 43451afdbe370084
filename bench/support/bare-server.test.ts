import { describe, expect, it } from 'vitest';
import { runAutocannon } from './autocannon.js';
import { capture, replayableHeaders, startBareServer, type CannedAnswer } from './bare-server.js';

const text = (body: string): CannedAnswer => ({
  status: 200,
  headers: { 'content-type': 'text/plain' },
  body: Buffer.from(body),
});

describe('the bare baseline and the load generator', () => {
  it('replays a captured answer: the same status, headers and bytes, with its own Date', async () => {
    const headers = replayableHeaders({
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      date: 'Mon, 01 Jan 2024 00:00:00 GMT',
      connection: 'keep-alive',
      'keep-alive': 'timeout=72',
    });
    expect(Object.keys(headers).sort()).toEqual(['content-encoding', 'content-type', 'vary']);
    const bare = await startBareServer(
      new Map([['/', { status: 203, headers: { ...headers, 'content-length': 3 }, body: Buffer.from('abc') }]]),
    );
    try {
      const res = await capture(bare.url);
      expect(res.status).toBe(203);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers.date).toBeUndefined();
      expect(res.body.toString()).toBe('abc');
      const head = await fetch(bare.url, { method: 'HEAD' });
      expect(head.status).toBe(203);
      expect(head.headers.get('date')).not.toBe('Mon, 01 Jan 2024 00:00:00 GMT');
    } finally {
      await bare.close();
    }
  });

  it('answers a conditional request with the answer kept for its validator', async () => {
    const bare = await startBareServer(
      new Map<string, CannedAnswer>([
        ['/list', text('all')],
        ['/list "v1"', { status: 304, headers: { etag: '"v1"' }, body: Buffer.alloc(0) }],
      ]),
    );
    try {
      expect((await capture(`${bare.url}/list`)).body.toString()).toBe('all');
      expect((await capture(`${bare.url}/list`, { 'if-none-match': '"v1"' })).status).toBe(304);
      expect((await capture(`${bare.url}/list`, { 'if-none-match': '"v0"' })).status).toBe(200);
      expect((await capture(`${bare.url}/other`)).status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('reports requests, and counts answers with another status than expected', async () => {
    const bare = await startBareServer(new Map([['/', text('ok')]]));
    try {
      const ok = await runAutocannon({ url: bare.url, connections: 2, duration: 1 });
      expect(ok.rps).toBeGreaterThan(0);
      expect(ok).toMatchObject({ errors: 0, timeouts: 0, unexpected: 0 });
      expect(ok.total).toBeGreaterThan(0);
      expect(ok.p99).toBeGreaterThanOrEqual(ok.p50);
      const missing = await runAutocannon({ url: `${bare.url}/missing`, connections: 2, duration: 1 });
      expect(missing.total).toBeGreaterThan(0);
      expect(missing.unexpected).toBe(missing.total);
      const notModified = await runAutocannon({ url: bare.url, connections: 2, duration: 1, expectStatus: 304 });
      expect(notModified.unexpected).toBe(notModified.total);
    } finally {
      await bare.close();
    }
  });
});
