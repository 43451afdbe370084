import type { AddressInfo } from 'node:net';
import { ApiErrorSchema } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app.js';
import { parseRawAnswer, sendRaw } from '../test/raw-http.js';
import { AppError } from './errors.js';

/** What the web app sends with every unsafe request (the CSRF check refuses anything without it). */
const APP_HEADERS = { 'x-requested-with': 'test' };
describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        app.get('/api/test/boom', { config: { anonymous: true } }, () => {
          throw new Error('secret internals at /srv/app.ts:12');
        });
        app.get('/api/test/throw-null', { config: { anonymous: true } }, () => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a careless library may throw
          throw null;
        });
        app.get('/api/test/library-409', { config: { anonymous: true } }, () => {
          throw Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
            statusCode: 409,
          });
        });
        app.get('/api/test/teapot', { config: { anonymous: true } }, () => {
          throw new AppError(418, 'TEAPOT', 'I am a teapot');
        });
        app.post(
          '/api/test/echo',
          {
            config: { anonymous: true },
            schema: { body: z.object({ title: z.string().min(1), pages: z.number().int().positive() }) },
          },
          (request) => request.body,
        );
      },
    });
  });
  afterAll(() => t.close());

  it('answers an unknown /api path with 404 JSON for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/thing?x=1', headers: APP_HEADERS });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = ApiErrorSchema.parse(res.json());
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.message).toContain('/api/no/such/thing');
    }
  });

  it('answers a thrown error with 500 JSON carrying the request id and no stack or message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('stack');
  });

  it('answers a thrown non-Error value with the same 500 body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/throw-null' });
    expect(res.statusCode).toBe(500);
    expect(ApiErrorSchema.parse(res.json()).error.code).toBe('INTERNAL_ERROR');
  });

  it('keeps another library’s 4xx status but not its message, which may carry internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/library-409' });
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json()).error.code).toBe('HTTP_409');
    expect(res.body).not.toContain('users_email_key');
  });

  it('answers a malformed URL with the API error body and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers a too-long path segment with 414 and does not repeat the address back', async () => {
    const long = 'x'.repeat(5_000);
    const res = await t.app.inject({ method: 'GET', url: `/api/books/${long}` });
    expect(res.statusCode).toBe(414);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.error).toMatchObject({ code: 'URI_TOO_LONG', message: 'The address is too long.' });
    expect(res.body).not.toContain(long);
  });

  it('passes an AppError status, code and message through', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toMatchObject({ error: { code: 'TEAPOT', message: 'I am a teapot' } });
  });

  it('answers a body that breaks the schema with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: APP_HEADERS,
      payload: { title: 'Dune', pages: -3 },
    });
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toContain('body.pages');
    expect(body.error.issues?.map((i) => i.path)).toEqual(['body.pages']);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...APP_HEADERS, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.requestId).toBeTruthy();
  });

  it('keeps a well-formed incoming X-Request-Id and replaces a hostile one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-1234abcd' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-1234abcd');

    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'evil\nlevel=fatal msg=forged' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]{6,}$/);
    const next = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(next.headers['x-request-id']).not.toBe(replaced.headers['x-request-id']);
  });

  it('sends a Content-Security-Policy header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('requests Node refuses before Fastify sees them', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it.each([
    ['a garbled request line', 'NOT HTTP AT ALL\r\n\r\n', 400, 'BAD_REQUEST'],
    ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost: x\r\nbroken\r\n\r\n', 400, 'BAD_REQUEST'],
    [
      'two different Content-Lengths',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      400,
      'BAD_REQUEST',
    ],
    [
      'headers past the size limit',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
  ])('answers %s in the API error body and hangs up', async (_label, request, status, code) => {
    const { received, waited } = await sendRaw(port, request);
    const answer = parseRawAnswer(received);
    expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(ApiErrorSchema.parse(answer.body).error.code).toBe(code);
    expect(waited).not.toBe('still open');
  });
});
