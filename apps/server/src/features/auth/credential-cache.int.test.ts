import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../test/browser.js';
import { testDatabaseKind } from '../../test/database.js';

/**
 * Credentials are cached in memory (decision 025), yet an ended session or token stops working at once on the
 * instance that ended it, and within a second on another instance of the same database. Each credential is
 * used first, so that the cache holds it when it is revoked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookieOf = (browser: Browser) => [...browser.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
const sessionIds = async (browser: Browser) =>
  (await browser.get('/api/me/sessions')).json<{ items: { id: string; current: boolean }[] }>().items;

describe('on the instance that revokes', () => {
  it('a signed-out session answers 401 at its next request', async () => {
    const { browser } = await signUp(t.app);
    const cookie = cookieOf(browser);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    expect((await browser.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('a session signed out from another one answers 401 at its next request', async () => {
    const { browser, user } = await signUp(t.app);
    const laptop = createBrowser(t.app);
    expect((await laptop.post('/api/auth/login', user)).statusCode).toBe(200);
    expect((await laptop.get('/api/me')).statusCode).toBe(200);
    const theLaptop = (await sessionIds(browser)).find((s) => !s.current)!;
    expect((await browser.delete(`/api/me/sessions/${theLaptop.id}`)).statusCode).toBe(204);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it('a password change signs the other sessions and the API tokens out at once', async () => {
    const { browser, user } = await signUp(t.app);
    const phone = createBrowser(t.app);
    await phone.post('/api/auth/login', user);
    const token = (await browser.post('/api/me/tokens', { name: 'script' })).json<{ token: string }>().token;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await phone.get('/api/me')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer })).statusCode).toBe(200);

    const changed = await browser.post('/api/me/password', {
      currentPassword: user.password,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(204);
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer })).statusCode).toBe(401);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it('a revoked API token answers 401 at its next request', async () => {
    const { browser } = await signUp(t.app);
    const created = (await browser.post('/api/me/tokens', { name: 'script' })).json<{ id: string; token: string }>();
    const bearer = { authorization: `Bearer ${created.token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/books', headers: bearer })).statusCode).toBe(200);
    expect((await browser.delete(`/api/me/tokens/${created.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/books', headers: bearer })).statusCode).toBe(401);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('on another instance of the same PostgreSQL', () => {
  let databaseB: DatabaseHandle;
  let appB: App;
  beforeAll(async () => {
    databaseB = openDatabase({ kind: 'postgres', url: (t.database as { url?: string }).url!, maxConnections: 4 });
    appB = await buildApp({ database: databaseB });
    await appB.ready();
  });
  afterAll(async () => {
    await appB.close();
    await databaseB.close();
  });

  /** Asks B until it answers `status`, for at most a second. */
  async function onBWithinASecond(headers: Record<string, string>, status: number): Promise<LightMyRequestResponse> {
    const deadline = Date.now() + 1_000;
    for (;;) {
      const res = await appB.inject({ method: 'GET', url: '/api/me', headers });
      if (res.statusCode === status || Date.now() > deadline) return res;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a session signed out on A answers 401 on B within a second', async () => {
    const { browser } = await signUp(t.app);
    const cookie = cookieOf(browser);
    expect((await appB.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await browser.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await onBWithinASecond({ cookie }, 401)).statusCode).toBe(401);
  });

  it('an API token revoked on A answers 401 on B within a second', async () => {
    const { browser } = await signUp(t.app);
    const created = (await browser.post('/api/me/tokens', { name: 'script' })).json<{ id: string; token: string }>();
    const bearer = { authorization: `Bearer ${created.token}` };
    expect((await appB.inject({ method: 'GET', url: '/api/me', headers: bearer })).statusCode).toBe(200);
    expect((await browser.delete(`/api/me/tokens/${created.id}`)).statusCode).toBe(204);
    expect((await onBWithinASecond(bearer, 401)).statusCode).toBe(401);
  });
});
