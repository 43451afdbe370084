import { ErrorCode } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { BUSY_MESSAGE } from './admission.js';

// One API request at a time, and 300 ms of patience: a test route holds its turn until told to answer.
let t: TestApp;
const held: Array<() => void> = [];
beforeAll(async () => {
  t = await createTestApp({
    admission: { concurrency: 1, maxWaitMs: 300 },
    extend: (app) => {
      app.get(
        '/api/test/hold',
        { config: { anonymous: true } },
        () => new Promise((answer) => held.push(() => answer({ held: true }))),
      );
      app.get('/api/test/hold-open', { config: { anonymous: true, admission: false } }, () => ({ free: true }));
    },
  });
});
afterAll(async () => {
  await t.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('admission (decision 037)', () => {
  it('answers a request that waited too long for its turn 503 with Retry-After, then serves the next', async () => {
    const holding = t.app.inject({ method: 'GET', url: '/api/test/hold' });
    await settle();
    expect(held).toHaveLength(1);

    const refused = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ error: { code: ErrorCode.unavailable, message: BUSY_MESSAGE } });

    // Routes that may not queue (the event stream, health) answer while the turn is held.
    expect((await t.app.inject({ method: 'GET', url: '/api/test/hold-open' })).json()).toEqual({ free: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const waiting = t.app.inject({ method: 'GET', url: '/api/me' });
    await settle();
    held.shift()!();
    expect((await holding).json()).toEqual({ held: true });
    expect((await waiting).statusCode).toBe(401);
  });

  it('frees the turn of a request that failed, so the next one is served', async () => {
    const failed = await t.app.inject({ method: 'GET', url: '/api/books/not-a-uuid' });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('does not make web pages and static files wait', async () => {
    const holding = t.app.inject({ method: 'GET', url: '/api/test/hold' });
    await settle();
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);
    held.shift()!();
    await holding;
  });
});
