import type { AddressInfo } from 'node:net';
import { ApiErrorSchema } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { parseRawAnswer, sendRaw } from '../test/raw-http.js';

const timeouts = { headersMs: 400, requestMs: 800, keepAliveMs: 300, socketMs: 5_000 };

describe('slow clients', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ httpTimeouts: timeouts });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const stall = (data: string) => sendRaw(port, data);

  it('answers 408 and hangs up on a body that stops arriving, once the request timeout passes', async () => {
    const { received, waited } = await stall(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: test\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    // In the API's error body, not Fastify's own {"error":"Request Timeout",...}.
    expect(ApiErrorSchema.parse(parseRawAnswer(received).body).error.code).toBe('REQUEST_TIMEOUT');
    expect(waited).toBeGreaterThanOrEqual(timeouts.requestMs - 50);
    expect(waited).toBeLessThan(timeouts.requestMs + 1_000);
  });

  it('answers 408 and hangs up on headers that never end, once the headers timeout passes', async () => {
    const { received, waited } = await stall('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(waited).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    expect(waited).toBeLessThan(timeouts.headersMs + 1_000);
  });

  it('answers 408 and hangs up on a connection that never sends a byte, once the headers timeout passes', async () => {
    const { received, waited } = await stall('');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(waited).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    expect(waited).toBeLessThan(timeouts.headersMs + 1_000);
  });

  it('closes a connection on which nothing moves either way (a client that stops reading)', () => {
    expect(t.app.server.timeout).toBe(timeouts.socketMs);
  });

  it('closes a kept-alive connection that stays idle past the keep-alive timeout', async () => {
    const { received, waited } = await stall('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(waited).toBeGreaterThanOrEqual(timeouts.keepAliveMs - 50);
    // Node keeps the socket up to a second longer than it advertises, for requests already on their way.
    expect(waited).toBeLessThan(timeouts.keepAliveMs + 2_000);
  });
});
