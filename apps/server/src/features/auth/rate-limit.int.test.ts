import { ApiErrorSchema } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp } from '../../test/browser.js';
import {
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_PER_IP,
  LOGIN_SLOWDOWN_AFTER_FAILURES,
  signInDelayMs,
} from './sign-in-limits.js';

let clock = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

describe('sign-in rate limits', () => {
  it('refuses one address after 10 wrong passwords for one account, with the spec wording and Retry-After', async () => {
    const { user } = await signUp(t.app);
    const attacker = createBrowser(t.app, { remoteAddress: '198.51.100.1' });
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.limit; i += 1) {
      const res = await attacker.post('/api/auth/login', { email: user.email, password: `guess ${i}` });
      expect(res.statusCode).toBe(401);
    }
    // Refused even with the right password: the address has used up its guesses for this account.
    const limited = await attacker.post('/api/auth/login', user);
    expect(limited.statusCode).toBe(429);
    expect(ApiErrorSchema.parse(limited.json()).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Hourly rate limit exceeded for sign-in. Try again in 60 minutes.',
    });
    expect(Number(limited.headers['retry-after'])).toBe(3600);

    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await attacker.post('/api/auth/login', user)).statusCode).toBe(200);
  });

  it("does not lock the owner out: another address's guesses leave sign-in from home working", async () => {
    const { user } = await signUp(t.app);
    const attacker = createBrowser(t.app, { remoteAddress: '198.51.100.2' });
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.limit + 5; i += 1) {
      await attacker.post('/api/auth/login', { email: user.email, password: `guess ${i}` });
    }
    expect((await attacker.post('/api/auth/login', { ...user, password: 'one more guess' })).statusCode).toBe(429);

    const owner = createBrowser(t.app, { remoteAddress: '192.0.2.10' });
    expect((await owner.post('/api/auth/login', { ...user, password: 'a wrong one' })).statusCode).toBe(401);
    expect((await owner.post('/api/auth/login', user)).statusCode).toBe(200);
    // The owner's success does not free the attacker's address.
    expect((await attacker.post('/api/auth/login', user)).statusCode).toBe(429);
  });

  it('slows, not refuses, an account guessed from many addresses, the right password too', async () => {
    const { user } = await signUp(t.app);
    const failures = LOGIN_SLOWDOWN_AFTER_FAILURES + 2;
    for (let i = 0; i < failures; i += 1) {
      const res = await createBrowser(t.app).post('/api/auth/login', { email: user.email, password: `guess ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const expected = signInDelayMs(failures);
    expect(expected).toBeGreaterThanOrEqual(1000);
    const started = performance.now();
    const res = await createBrowser(t.app).post('/api/auth/login', user);
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(expected - 50);
    // The success starts the account afresh.
    const next = performance.now();
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);
    expect(performance.now() - next).toBeLessThan(expected);
  });

  it('counts only failures per account and address: a successful sign-in clears them', async () => {
    const { user } = await signUp(t.app);
    const browser = createBrowser(t.app);
    const rule = LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS;
    for (let i = 0; i < rule.limit - 1; i += 1) {
      await browser.post('/api/auth/login', { email: user.email, password: `guess ${i}` });
    }
    expect((await browser.post('/api/auth/login', user)).statusCode).toBe(200);
    for (let i = 0; i < rule.limit - 1; i += 1) {
      await browser.post('/api/auth/login', { email: user.email, password: `again ${i}` });
    }
    expect((await browser.post('/api/auth/login', user)).statusCode).toBe(200);
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
