import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUp } from '../test/browser.js';
import { openSse } from '../test/sse-client.js';

// Built files big enough to be precompressed, and one too small to be.
const SHELL = `<!doctype html><html><head><title>Bookshelf</title></head><body><div id="root"></div>${'<!-- app shell -->'.repeat(80)}</body></html>`;
const CHUNK = `export const books = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Book ${i}` })))};`;
const TINY = 'console.log(1)';
const ASSET = '/assets/index-abc123.js';

/** A GET on a real socket: the bytes as they arrive, with the headers Node's server really sent. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

let t: TestApp;
let dist: string;
let origin: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bookshelf-web-compressed-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), CHUNK);
  writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), TINY);
  writeFileSync(path.join(dist, '.build-stamp'), 'stamp');
  await precompress(dist);
  t = await createTestApp({
    webDistDir: dist,
    // Another onSend step, added after the compression as a feature's would be: it must see the JSON.
    extend: (app) => {
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url === '/api/test/big')
          reply.header('x-saw-json', String(typeof payload === 'string' && payload.startsWith('{')));
        return payload;
      });
      app.get('/api/test/big', { config: { anonymous: true } }, async () => ({ words: 'shelf '.repeat(400) }));
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('built files', () => {
  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0.5, gzip', 'br', brotliDecompressSync],
    ['br;q=0, gzip;q=0.8', 'gzip', gunzipSync],
    ['*', 'br', brotliDecompressSync],
    ['identity', undefined, (b: Buffer) => b],
    ['br;q=0, gzip;q=0', undefined, (b: Buffer) => b],
    ['', undefined, (b: Buffer) => b],
  ])('sends the asset for Accept-Encoding "%s" as %s', async (accept, encoding, decode) => {
    const res = await get(origin + ASSET, accept ? { 'accept-encoding': accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(decode(res.body).toString()).toBe(CHUNK);
    if (encoding) expect(res.body.length).toBeLessThan(CHUNK.length / 2);
  });

  it('sends the identity bytes with no Accept-Encoding at all', async () => {
    const res = await t.app.inject({ method: 'GET', url: ASSET });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(CHUNK);
  });

  it('gives each variant its own ETag and answers 304 to it, with the caching headers', async () => {
    const br = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    const plain = await t.app.inject({ method: 'GET', url: ASSET });
    const etags = [br, gz, plain].map((r) => r.headers.etag);
    expect(new Set(etags).size).toBe(3);

    const again = await t.app.inject({
      method: 'GET',
      url: ASSET,
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers['cache-control']).toContain('immutable');
    expect(again.headers.vary).toMatch(/accept-encoding/i);

    // The gzip copy's ETag does not validate the brotli one this client would now get.
    const other = await t.app.inject({
      method: 'GET',
      url: ASSET,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(gz.headers.etag) },
    });
    expect(other.statusCode).toBe(200);

    const since = await t.app.inject({
      method: 'GET',
      url: ASSET,
      headers: { 'if-modified-since': String(plain.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
  });

  it('answers a Range with the identity bytes, 206, never compressed', async () => {
    const res = await get(origin + ASSET, { 'accept-encoding': 'br, gzip', range: 'bytes=10-29' });
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-range']).toBe(`bytes 10-29/${Buffer.byteLength(CHUNK)}`);
    expect(res.headers['content-length']).toBe('20');
    expect(res.body.toString()).toBe(CHUNK.slice(10, 30));

    const suffix = await t.app.inject({ method: 'GET', url: ASSET, headers: { range: 'bytes=-5' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.body).toBe(CHUNK.slice(-5));

    const beyond = await t.app.inject({ method: 'GET', url: ASSET, headers: { range: 'bytes=999999-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${Buffer.byteLength(CHUNK)}`);

    // An If-Range naming an older version gets the whole (current) file.
    const stale = await t.app.inject({
      method: 'GET',
      url: ASSET,
      headers: { range: 'bytes=0-9', 'if-range': '"older"', 'accept-encoding': 'gzip' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const res = await get(origin + ASSET, { 'accept-encoding': 'br' }).then(async (full) => ({
      full,
      head: await new Promise<{ headers: Record<string, string | string[] | undefined>; length: number }>(
        (resolve, reject) => {
          const req = httpRequest(origin + ASSET, { method: 'HEAD', headers: { 'accept-encoding': 'br' } }, (r) => {
            let length = 0;
            r.on('data', (c: Buffer) => (length += c.length));
            r.on('end', () => resolve({ headers: r.headers, length }));
          });
          req.on('error', reject);
          req.end();
        },
      ),
    }));
    expect(res.head.length).toBe(0);
    expect(res.head.headers['content-encoding']).toBe('br');
    expect(res.head.headers['content-length']).toBe(String(res.full.body.length));
    expect(res.head.headers.etag).toBe(res.full.headers.etag);
  });

  it('sends a file too small to compress as it is, without Vary', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/tiny-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body).toBe(TINY);
  });

  it('serves the app shell compressed for every client route, with no-cache and a 304 to its ETag', async () => {
    const first = await get(`${origin}/books/some-id?x=1`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers['content-security-policy']).toContain("default-src 'self'");
    expect(brotliDecompressSync(first.body).toString()).toBe(SHELL);

    const again = await t.app.inject({
      method: 'GET',
      url: '/settings',
      headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/library', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.headers['content-encoding']).toBe('br');
    // A Range does not cut the page: the whole shell, compressed.
    const ranged = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip', range: 'bytes=0-9' },
    });
    expect(ranged.statusCode).toBe(200);
    expect(gunzipSync(ranged.rawPayload).toString()).toBe(SHELL);
  });

  it('keeps a missing asset a 404, and never serves the build stamp or the variants as files', async () => {
    for (const url of ['/assets/index-gone.js', `${ASSET}.br`, `${ASSET}.gz`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('app shell');
    }
    // A dot file is no file of the app's: that address is a client route like any other.
    const stamp = await t.app.inject({ method: 'GET', url: '/.build-stamp' });
    expect(stamp.body).toBe(SHELL);
  });
});

describe('API answers', () => {
  it('compresses JSON above the threshold in the client’s coding, and leaves small answers alone', async () => {
    const { browser } = await signUp(t.app);
    for (let i = 0; i < 12; i += 1) {
      const added = await browser.post('/api/books', {
        title: `A fairly long book title number ${i}`,
        author: 'Someone',
      });
      expect(added.statusCode).toBe(201);
    }
    const plain = await browser.get('/api/books?limit=50');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await browser.get('/api/books?limit=50', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await browser.get('/api/books?limit=50', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await browser.get('/api/books?limit=1', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ items: [expect.any(Object)] });
  });

  it('compresses after every other onSend step, whichever was added first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-saw-json']).toBe('true');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual({ words: 'shelf '.repeat(400) });
  });

  it('compresses on a real socket with a matching Content-Length', async () => {
    const res = await get(`${origin}/api/docs/json`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(gunzipSync(res.body).toString())).toHaveProperty('openapi');
  });

  it('never compresses the event stream, which still delivers events', async () => {
    const { browser, me } = await signUp(t.app);
    const cookie = [...browser.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const stream = await openSse(`${origin}/api/events`, { cookie, 'accept-encoding': 'br, gzip' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-encoding']).toBeUndefined();
      await stream.next((f) => f.id !== undefined);
      await t.app.live.publish(me.id, { type: 'books.changed' });
      const frame = await stream.next((f) => f.event === 'books.changed');
      expect(frame.data).toBe('{"type":"books.changed"}');
    } finally {
      stream.close();
    }
  });
});
