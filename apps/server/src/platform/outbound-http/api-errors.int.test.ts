import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiErrorSchema } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createHttpClient } from './client.js';

describe('an outbound failure that ends a request', () => {
  const upstream = createServer((req, res) => {
    if (req.url === '/slow') return; // never answers
    res.writeHead(200, { 'content-length': String(4096) }).end(Buffer.alloc(4096));
  });
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const http = createHttpClient({
      name: 'upstream',
      hosts: [],
      baseUrl: base,
      timeoutMs: 200,
      maxBytes: 1024,
      retry: { attempts: 1 },
    });
    t = await createTestApp({
      extend: (app) => {
        app.addHook('onClose', () => http.close());
        app.get('/api/test/upstream-slow', { config: { anonymous: true } }, async () =>
          (await http.request(`${base}/slow`)).text(),
        );
        app.get('/api/test/upstream-big', { config: { anonymous: true } }, async () =>
          (await http.request(`${base}/big`)).text(),
        );
        app.get('/api/test/upstream-refused', { config: { anonymous: true } }, async () =>
          (await http.request('http://169.254.169.254/')).text(),
        );
      },
    });
  });
  afterAll(async () => {
    await t.close();
    upstream.closeAllConnections();
    upstream.close();
  });

  it.each([
    ['/api/test/upstream-slow', 504, 'UPSTREAM_TIMEOUT', 'did not answer in time'],
    ['/api/test/upstream-big', 502, 'UPSTREAM_FAILED', 'more data than is accepted'],
    ['/api/test/upstream-refused', 502, 'UPSTREAM_FAILED', 'not one this server may fetch'],
  ])('%s answers %i with a clear message and no internals', async (url, status, code, message) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.error.code).toBe(code);
    expect(body.error.message).toContain(message);
    expect(res.body).not.toContain('127.0.0.1');
  });
});
