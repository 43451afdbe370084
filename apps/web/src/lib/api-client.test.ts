// @vitest-environment node
import { HealthSchema } from '@bookshelf/contract';
import { startFakeServer, type FakeServer } from '@bookshelf/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, createApiClient, isRetryable } from './api-client';

let server: FakeServer | undefined;
afterEach(() => server?.close());

describe('api client', () => {
  it('returns the parsed body when the response matches the schema', async () => {
    server = await startFakeServer({ 'GET /api/health': () => ({ body: { status: 'ok', db: 'ok' } }) });
    const request = createApiClient({ baseUrl: server.url });
    await expect(request('/api/health', HealthSchema)).resolves.toEqual({ status: 'ok', db: 'ok' });
  });

  it('rejects a response that does not match the contract', async () => {
    server = await startFakeServer({ 'GET /api/health': () => ({ body: { status: 'fine' } }) });
    const request = createApiClient({ baseUrl: server.url });
    await expect(request('/api/health', HealthSchema)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('rejects a 2xx body that is not JSON as a bad response, not a SyntaxError', async () => {
    server = await startFakeServer({ 'GET /api/health': () => ({ body: '<html>proxy login</html>' }) });
    const request = createApiClient({ baseUrl: server.url });
    await expect(request('/api/health', HealthSchema)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('turns the server error body into an ApiRequestError with status, code, message and request id', async () => {
    server = await startFakeServer({
      'GET /api/books/1': () => ({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Book not found', requestId: 'r-1' } },
      }),
    });
    const request = createApiClient({ baseUrl: server.url });
    const error = await request('/api/books/1', z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Book not found', requestId: 'r-1' });
    expect(isRetryable(error)).toBe(false);
  });

  it('sends JSON and the CSRF header on unsafe methods only', async () => {
    server = await startFakeServer({
      'POST /api/things': (req) => ({ status: 201, body: req.parsed }),
      'GET /api/things': () => ({ body: [] }),
    });
    const request = createApiClient({ baseUrl: server.url });
    await request('/api/things', z.object({ name: z.string() }), { method: 'POST', body: { name: 'Dune' } });
    await request('/api/things', z.array(z.unknown()));
    const [post, get] = server.requests;
    expect(post?.headers['x-requested-with']).toBeTruthy();
    expect(post?.parsed).toEqual({ name: 'Dune' });
    expect(get?.headers['x-requested-with']).toBeUndefined();
  });

  it('validates by default in tests, as in development', async () => {
    server = await startFakeServer({ 'GET /api/health': () => ({ body: { status: 'fine' } }) });
    await expect(createApiClient({ baseUrl: server.url })('/api/health', HealthSchema)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('in production trusts the answer and never loads its schema', async () => {
    server = await startFakeServer({ 'GET /api/health': () => ({ body: { status: 'fine', extra: 1 } }) });
    const request = createApiClient({ baseUrl: server.url, validateResponses: false });
    let loads = 0;
    const loadSchema = () => {
      loads += 1;
      return Promise.resolve(HealthSchema);
    };
    await expect(request('/api/health', loadSchema)).resolves.toEqual({ status: 'fine', extra: 1 });
    expect(loads).toBe(0);
  });

  it('in production still refuses a 2xx body that is not JSON, and still reads error bodies', async () => {
    server = await startFakeServer({
      'GET /api/health': () => ({ body: '<html>proxy login</html>' }),
      'GET /api/books/1': () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Book not found' } } }),
    });
    const request = createApiClient({ baseUrl: server.url, validateResponses: false });
    await expect(request('/api/health', HealthSchema)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    await expect(request('/api/books/1', HealthSchema)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('reports an unreachable server as a retryable network error', async () => {
    server = await startFakeServer();
    const url = server.url;
    await server.close();
    server = undefined;
    const error = await createApiClient({ baseUrl: url })('/api/health', HealthSchema).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(isRetryable(error)).toBe(true);
  });
});
