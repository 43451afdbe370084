import { ApiTokenSchema, CreatedApiTokenSchema, MeSchema, SessionListSchema } from '@bookshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, setCookies, signUp } from '../../test/browser.js';

/** The app's clock: tests move it forward instead of waiting a day. */
let clock = new Date();
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

describe('session expiry and sliding refresh', () => {
  it('ends a browser session after a day without requests, and keeps it alive while used', async () => {
    const { browser } = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) {
      advance(20 * 60 * MINUTE); // 20 hours, three times: 60 hours in all, but never a day idle
      expect((await browser.get('/api/me')).statusCode).toBe(200);
    }
    advance(DAY + MINUTE);
    const expired = await browser.get('/api/me');
    expect(expired.statusCode).toBe(401);
    expect(browser.jar.has('bookshelf_session')).toBe(false); // the dead cookie is cleared
  });

  it('slides a remembered session 30 days from the last visit and re-sends its cookie', async () => {
    const { user } = await signUp(t.app);
    const browser = createBrowser(t.app);
    await browser.post('/api/auth/login', { ...user, remember: true });
    advance(29 * DAY);
    const used = await browser.get('/api/me');
    expect(used.statusCode).toBe(200);
    const renewed = setCookies(used).find((c) => c.name === 'bookshelf_session');
    // Cookie dates have whole seconds.
    expect(Date.parse(String(renewed?.attributes.expires))).toBe(
      Math.floor((clock.getTime() + 30 * DAY) / 1000) * 1000,
    );
    advance(29 * DAY);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    advance(31 * DAY);
    expect((await browser.get('/api/me')).statusCode).toBe(401);
  });

  it('does not rewrite the session on every request (at most once a minute)', async () => {
    const { user } = await signUp(t.app);
    const browser = createBrowser(t.app);
    await browser.post('/api/auth/login', { ...user, remember: true });
    advance(2 * MINUTE);
    expect(setCookies(await browser.get('/api/me'))).toHaveLength(1);
    advance(10_000);
    expect(setCookies(await browser.get('/api/me'))).toHaveLength(0);
  });
});

describe('the sessions list', () => {
  it('lists my sessions with the current one marked, and signs out one or all the others', async () => {
    const { browser, user } = await signUp(t.app);
    const laptop = createBrowser(t.app);
    const phone = createBrowser(t.app);
    await laptop.post('/api/auth/login', { ...user, remember: true });
    await phone.post('/api/auth/login', user);

    const list = SessionListSchema.parse((await browser.get('/api/me/sessions')).json()).items;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.some((s) => s.persistent)).toBe(true);
    expect(list[0]?.userAgent).toContain('Chrome');
    const laptopSession = list.find((s) => !s.current && s.persistent)!;

    expect((await browser.delete(`/api/me/sessions/${laptopSession.id}`)).statusCode).toBe(204);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    expect((await phone.get('/api/me')).statusCode).toBe(200);

    const revoked = await browser.delete('/api/me/sessions');
    expect(revoked.json()).toEqual({ revoked: 1 });
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it("answers 404 for another user's session and 400 for an id that is not a UUID, changing nothing", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const bobs = SessionListSchema.parse((await bob.browser.get('/api/me/sessions')).json()).items;
    expect((await alice.browser.delete(`/api/me/sessions/${bobs[0]!.id}`)).statusCode).toBe(404);
    const malformed = await alice.browser.delete('/api/me/sessions/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('Invalid params.id: Must be a UUID.');
    expect((await alice.browser.delete('/api/me/tokens/not-a-uuid')).statusCode).toBe(400);
    expect((await bob.browser.get('/api/me')).statusCode).toBe(200);
    expect((await alice.browser.get('/api/me')).statusCode).toBe(200);
  });
});

describe('personal API tokens', () => {
  it('creates a token shown once, authenticates with Bearer on any /api route, and stops when revoked', async () => {
    const { browser, me } = await signUp(t.app);
    const created = await browser.post('/api/me/tokens', { name: 'Calibre sync' });
    expect(created.statusCode).toBe(201);
    const token = CreatedApiTokenSchema.parse(created.json());
    expect(token.token).toMatch(/^bks_[A-Za-z0-9_-]{43}$/);
    expect(token.token.startsWith(token.prefix)).toBe(true);

    const listed = (await browser.get('/api/me/tokens')).json<{ items: unknown[] }>().items;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(token.token);
    expect(ApiTokenSchema.parse(listed[0]).lastUsedAt).toBeNull();

    const bearer = { authorization: `Bearer ${token.token}` };
    const viaToken = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer });
    expect(viaToken.statusCode).toBe(200);
    expect(MeSchema.parse(viaToken.json())).toMatchObject({ id: me.id, provider: 'unknown' });
    // An API client needs no CSRF header: browsers never attach Authorization on their own.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer,
      payload: { readingGoal: 12 },
    });
    expect(patched.statusCode).toBe(200);
    expect(
      ApiTokenSchema.parse((await browser.get('/api/me/tokens')).json<{ items: unknown[] }>().items[0]).lastUsedAt,
    ).not.toBeNull();

    // A token reads and writes data, but cannot mint tokens or manage sessions.
    const mint = await t.app.inject({ method: 'POST', url: '/api/me/tokens', headers: bearer, payload: { name: 'x' } });
    expect(mint.statusCode).toBe(403);

    expect((await browser.delete(`/api/me/tokens/${token.id}`)).statusCode).toBe(204);
    const revoked = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toBe('This API token is invalid or has been revoked.');
  });

  it("cannot revoke another user's token", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const bobsToken = CreatedApiTokenSchema.parse((await bob.browser.post('/api/me/tokens', { name: 'b' })).json());
    expect((await alice.browser.delete(`/api/me/tokens/${bobsToken.id}`)).statusCode).toBe(404);
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${bobsToken.token}` },
    });
    expect(still.statusCode).toBe(200);
  });

  it('rejects a nameless token with a message naming the field', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.post('/api/me/tokens', { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues[0]).toEqual({ path: 'body.name', message: 'Give the token a name.' });
  });
});
