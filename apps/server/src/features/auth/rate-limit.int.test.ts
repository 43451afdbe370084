import { ApiErrorSchema } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp } from '../../test/browser.js';
import { LOGIN_FAILURES_PER_EMAIL, LOGIN_PER_IP } from './auth.service.js';

let clock = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

describe('sign-in rate limits', () => {
  it('stops guessing one account after 10 wrong passwords, with the spec wording and Retry-After', async () => {
    const { user } = await signUp(t.app);
    // Each guess from a new address: the per-account limit must hold even against a spread-out attack.
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL.limit; i += 1) {
      const res = await createBrowser(t.app).post('/api/auth/login', { email: user.email, password: `guess ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await createBrowser(t.app).post('/api/auth/login', user);
    expect(limited.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(limited.json()).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Hourly rate limit exceeded for sign-in. Try again in 60 minutes.',
    });
    expect(Number(limited.headers['retry-after'])).toBe(3600);

    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);
  });

  it('counts only failures per account: a successful sign-in clears them', async () => {
    const { user } = await signUp(t.app);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL.limit - 1; i += 1) {
      await createBrowser(t.app).post('/api/auth/login', { email: user.email, password: `guess ${i}` });
    }
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL.limit - 1; i += 1) {
      await createBrowser(t.app).post('/api/auth/login', { email: user.email, password: `again ${i}` });
    }
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);
  });

  it('limits one address to 20 attempts a minute across accounts', async () => {
    const sprayer = createBrowser(t.app, { remoteAddress: '203.0.113.7' });
    for (let i = 0; i < LOGIN_PER_IP.limit; i += 1) {
      const res = await sprayer.post('/api/auth/login', { email: `victim${i}@example.org`, password: 'Summer2026!' });
      expect(res.statusCode).toBe(401);
    }
    const limited = await sprayer.post('/api/auth/login', { email: 'one-more@example.org', password: 'Summer2026!' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Rate limit exceeded for sign-in\. Try again in \d+ seconds\.$/);
    // Another address is not affected.
    const { user } = await signUp(t.app);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);

    clock = new Date(clock.getTime() + 61_000);
    expect((await sprayer.post('/api/auth/login', { email: 'later@example.org', password: 'x' })).statusCode).toBe(401);
  });
});
