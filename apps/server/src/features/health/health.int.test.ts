import { ApiErrorSchema, HealthSchema } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok after a real query to the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(HealthSchema.parse(res.json())).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 with db:error once the database is gone, and other routes answer 503 JSON', async () => {
    const { app, database } = await createTestApp({
      extend: (a) =>
        a.get('/api/test/query', { config: { anonymous: true } }, async () => {
          await database.db.execute('select 1');
          return { ok: true };
        }),
    });
    await database.close();

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'error', db: 'error' });

    const other = await app.inject({ method: 'GET', url: '/api/test/query' });
    expect(other.statusCode).toBe(503);
    expect(ApiErrorSchema.parse(other.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    await app.close();
  });
});
