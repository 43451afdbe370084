import { describe, expect, it } from 'vitest';
import { runAutocannon } from './autocannon.js';
import { replayableHeaders, startBareServer } from './bare-server.js';

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
    const bare = await startBareServer({ status: 203, headers: { ...headers, 'content-length': 3 }, body: 'abc' });
    try {
      const res = await fetch(bare.url, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status).toBe(203);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('date')).not.toBe('Mon, 01 Jan 2024 00:00:00 GMT');
    } finally {
      await bare.close();
    }
  });

  it('reports requests, and counts answers that are not 2xx', async () => {
    const bare = await startBareServer((req, res) => {
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
    try {
      const ok = await runAutocannon({ url: bare.url, connections: 2, durationSeconds: 1 });
      expect(ok.requestsPerSec).toBeGreaterThan(0);
      expect(ok).toMatchObject({ errors: 0, timeouts: 0, non2xx: 0 });
      expect(ok.p99).toBeGreaterThanOrEqual(ok.p50);
      const missing = await runAutocannon({ url: `${bare.url}/missing`, connections: 2, durationSeconds: 1 });
      expect(missing.non2xx).toBeGreaterThan(0);
    } finally {
      await bare.close();
    }
  });
});
