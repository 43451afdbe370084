import { ApiErrorSchema, AuthMessages, MeSchema } from '@bookshelf/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, newUser, setCookies, signUp } from '../../test/browser.js';
import { failSessionDeletes } from '../../test/fail-session-deletes.js';
import { WRONG_CURRENT_PASSWORD_PER_USER } from './auth.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const errorOf = (res: { json(): unknown }) => ApiErrorSchema.parse(res.json()).error;
const countUsers = async () => {
  const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return Number((rows as { rows?: { n: number }[] }).rows?.[0]?.n ?? (rows as { n: number }[])[0]?.n);
};

describe('sign-up', () => {
  it('creates the user, signs in with an httpOnly browser-session cookie and answers the me shape', async () => {
    const browser = createBrowser(t.app);
    const user = newUser({ name: '  Ann Reader ', email: '  Ann.Reader@Example.ORG ' });
    const res = await browser.post('/api/auth/register', user);
    expect(res.statusCode).toBe(201);
    const me = MeSchema.parse(res.json());
    expect(me).toMatchObject({ name: 'Ann Reader', email: 'ann.reader@example.org', provider: 'password' });
    expect(me).toMatchObject({ readingGoal: 50, hasPassword: true, avatar: null });

    const [cookie] = setCookies(res);
    expect(cookie?.name).toBe('bookshelf_session');
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
    expect(cookie?.attributes.expires).toBeUndefined(); // ends with the browser

    const again = await browser.get('/api/me');
    expect(again.statusCode).toBe(200);
    expect(MeSchema.parse(again.json()).id).toBe(me.id);
  });

  it('refuses a second account for the same e-mail, in any case, with a clear 409', async () => {
    const { user } = await signUp(t.app);
    const before = await countUsers();
    const res = await createBrowser(t.app).post('/api/auth/register', newUser({ email: user.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'CONFLICT', message: AuthMessages.emailTaken });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    [{ password: 'short' }, 'body.password', AuthMessages.passwordTooShort],
    [{ email: 'not-an-email' }, 'body.email', AuthMessages.invalidEmail],
    [{ name: '   ' }, 'body.name', AuthMessages.nameRequired],
    [{ password: ' \t        ' }, 'body.password', AuthMessages.passwordBlank],
  ])('rejects %j naming the field, and creates nothing', async (override, path, message) => {
    const before = await countUsers();
    const res = await createBrowser(t.app).post('/api/auth/register', newUser(override));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).issues?.[0]).toEqual({ path, message });
    expect(setCookies(res)).toEqual([]);
    expect(await countUsers()).toBe(before);
  });

  it.each(['password', 'Baseball', ' TRUSTNO1 ', 'iloveyou'])(
    'refuses the common password %j with a clear message, and creates nothing',
    async (password) => {
      const before = await countUsers();
      const res = await createBrowser(t.app).post('/api/auth/register', newUser({ password }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', message: AuthMessages.passwordTooCommon });
      expect(setCookies(res)).toEqual([]);
      expect(await countUsers()).toBe(before);
    },
  );

  it('stores an argon2id hash, never the password', async () => {
    const { user, me } = await signUp(t.app);
    const result = await t.database.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where id = ${me.id}`,
    );
    const rows = (result as { rows?: { password_hash: string }[] }).rows ?? (result as { password_hash: string }[]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0]?.password_hash).not.toContain(user.password);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password, and answers wrong password and unknown e-mail alike', async () => {
    const { user } = await signUp(t.app);
    const browser = createBrowser(t.app);
    const wrong = await browser.post('/api/auth/login', { email: user.email, password: 'wrong password' });
    const unknown = await browser.post('/api/auth/login', { email: 'nobody@example.org', password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ code: 'UNAUTHENTICATED', message: AuthMessages.invalidCredentials });
    }
    expect((await browser.get('/api/me')).statusCode).toBe(401);

    const ok = await browser.post('/api/auth/login', {
      email: ` ${user.email.toUpperCase()} `,
      password: user.password,
    });
    expect(ok.statusCode).toBe(200);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it('keeps a "Remember me" session for 30 days and a plain one for the browser session', async () => {
    const { user } = await signUp(t.app);
    const remembered = await createBrowser(t.app).post('/api/auth/login', { ...user, remember: true });
    const expires = Date.parse(String(setCookies(remembered)[0]?.attributes.expires));
    expect(expires - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);

    const plain = await createBrowser(t.app).post('/api/auth/login', { ...user, remember: false });
    expect(setCookies(plain)[0]?.attributes.expires).toBeUndefined();
  });

  it('gives a new session id at every sign-in and ends the one the browser had', async () => {
    const { user, browser } = await signUp(t.app);
    const before = browser.jar.get('bookshelf_session');
    await browser.post('/api/auth/login', user);
    const after = browser.jar.get('bookshelf_session');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `bookshelf_session=${before}` },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('logout deletes the session: the old cookie no longer works anywhere', async () => {
    const { browser } = await signUp(t.app);
    const token = browser.jar.get('bookshelf_session');
    const res = await browser.post('/api/auth/logout');
    expect(res.statusCode).toBe(204);
    expect(browser.jar.has('bookshelf_session')).toBe(false);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `bookshelf_session=${token}` },
    });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).message).toBe(AuthMessages.unauthenticated);
  });

  it('answers GET /api/me with 401 when signed out, and ignores a forged cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: 'bookshelf_session=forged' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('CSRF defence on cookie-authenticated unsafe requests', () => {
  it('refuses an unsafe request without X-Requested-With, and changes nothing', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'Hijacked' },
      headers: { 'x-requested-with': '' },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', message: AuthMessages.csrf });
    expect(MeSchema.parse((await browser.get('/api/me')).json()).name).not.toBe('Hijacked');
  });

  it('refuses a foreign Origin and a cross-site fetch, and accepts the same origin', async () => {
    const { browser } = await signUp(t.app);
    const foreign = await browser.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'Evil' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await browser.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'Evil' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const same = await browser.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'Fine' },
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('guards the login form too, so a foreign page cannot sign a visitor into its account', async () => {
    const { user } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: user });
    expect(res.statusCode).toBe(403);
  });
});

describe('profile', () => {
  it('changes name, avatar and reading goal, and rejects bad values naming the field', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.patch('/api/me', {
      name: 'New Name',
      avatar: 'https://images.example/me.png',
      readingGoal: 24,
    });
    expect(res.statusCode).toBe(200);
    expect(MeSchema.parse(res.json())).toMatchObject({
      name: 'New Name',
      avatar: 'https://images.example/me.png',
      readingGoal: 24,
    });

    for (const [body, path] of [
      [{ readingGoal: 0 }, 'body.readingGoal'],
      [{ readingGoal: 2.5 }, 'body.readingGoal'],
      [{ avatar: 'javascript:alert(1)' }, 'body.avatar'],
      [{ name: '' }, 'body.name'],
    ] as const) {
      const bad = await browser.patch('/api/me', body);
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).issues?.[0]?.path).toBe(path);
    }
    expect(MeSchema.parse((await browser.get('/api/me')).json())).toMatchObject({ name: 'New Name', readingGoal: 24 });

    const cleared = await browser.patch('/api/me', { avatar: null });
    expect(MeSchema.parse(cleared.json()).avatar).toBeNull();
  });

  it('needs a signed-in caller', async () => {
    const res = await createBrowser(t.app).patch('/api/me', { name: 'x' });
    expect(res.statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password, then signs out every other session but this one', async () => {
    const { browser, user } = await signUp(t.app);
    const other = createBrowser(t.app);
    await other.post('/api/auth/login', user);
    expect((await other.get('/api/me')).statusCode).toBe(200);

    const wrong = await browser.post('/api/me/password', {
      currentPassword: 'nope nope',
      newPassword: 'a new long password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(AuthMessages.wrongCurrentPassword);
    expect((await other.get('/api/me')).statusCode).toBe(200);

    const ok = await browser.post('/api/me/password', {
      currentPassword: user.password,
      newPassword: 'a new long password',
    });
    expect(ok.statusCode).toBe(204);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    expect((await other.get('/api/me')).statusCode).toBe(401);

    const old = await createBrowser(t.app).post('/api/auth/login', user);
    expect(old.statusCode).toBe(401);
    const fresh = await createBrowser(t.app).post('/api/auth/login', { ...user, password: 'a new long password' });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an all-whitespace or common new password, keeping the old one', async () => {
    const { browser, user } = await signUp(t.app);
    const blank = await browser.post('/api/me/password', { currentPassword: user.password, newPassword: '          ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).issues?.[0]).toEqual({ path: 'body.newPassword', message: AuthMessages.passwordBlank });
    const common = await browser.post('/api/me/password', { currentPassword: user.password, newPassword: 'Superman' });
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).message).toBe(AuthMessages.passwordTooCommon);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);
  });

  it('lets only one of five parallel changes made with the same current password hold', async () => {
    const { browser, user } = await signUp(t.app);
    const newPasswords = [1, 2, 3, 4, 5].map((n) => `a new long password ${n}`);
    const answers = await Promise.all(
      newPasswords.map((newPassword) =>
        browser.post('/api/me/password', { currentPassword: user.password, newPassword }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 204)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 204)) {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(AuthMessages.wrongCurrentPassword);
    }
    const winner = newPasswords[codes.indexOf(204)]!;
    for (const password of [user.password, ...newPasswords]) {
      const login = await createBrowser(t.app).post('/api/auth/login', { ...user, password });
      expect(login.statusCode, password).toBe(password === winner ? 200 : 401);
    }
  });

  it('changes the password, the API tokens and the other sessions together or not at all', async () => {
    const { browser, user, me, tokenWorks } = await withToken();
    const other = createBrowser(t.app);
    expect((await other.post('/api/auth/login', user)).statusCode).toBe(200);
    const change = { currentPassword: user.password, newPassword: 'a new long password' };

    // The last write (ending the other sessions) fails: the new password and the revoked token must not stay.
    const restore = await failSessionDeletes(t.database.db, me.id);
    try {
      expect((await browser.post('/api/me/password', change)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await tokenWorks()).toBe(true);
    expect((await other.get('/api/me')).statusCode).toBe(200);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);

    expect((await browser.post('/api/me/password', change)).statusCode).toBe(204);
    expect(await tokenWorks()).toBe(false);
    expect((await other.get('/api/me')).statusCode).toBe(401);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(401);
  });

  it('answers 429 with Retry-After after 10 wrong current passwords in an hour, even with the right one', async () => {
    const { browser, user } = await signUp(t.app);
    const attempt = (currentPassword: string) =>
      browser.post('/api/me/password', { currentPassword, newPassword: 'a new long password' });
    const guesses = await Promise.all(
      Array.from({ length: WRONG_CURRENT_PASSWORD_PER_USER.limit + 5 }, (_, n) => attempt(`guess number ${n}`)),
    );
    const codes = guesses.map((res) => res.statusCode).sort();
    expect(codes).toEqual([...Array<number>(10).fill(400), ...Array<number>(5).fill(429)]);
    const refused = await attempt(user.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(errorOf(refused)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Hourly rate limit exceeded for password change. Try again in 60 minutes.',
    });
    // The limit is the user's, not the session's: another device of the same user is refused too.
    const other = createBrowser(t.app);
    await other.post('/api/auth/login', user);
    const fromOther = await other.post('/api/me/password', {
      currentPassword: user.password,
      newPassword: 'x new long password',
    });
    expect(fromOther.statusCode).toBe(429);
    expect((await createBrowser(t.app).post('/api/auth/login', user)).statusCode).toBe(200);
  });

  /** Signs up and mints an API token; answers a check that the token still works. */
  async function withToken() {
    const { browser, user, me } = await signUp(t.app);
    const created = await browser.post('/api/me/tokens', { name: 'backup script' });
    expect(created.statusCode).toBe(201);
    const token = created.json<{ token: string }>().token;
    const tokenWorks = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } }))
        .statusCode === 200;
    expect(await tokenWorks()).toBe(true);
    return { browser, user, me, tokenWorks };
  }

  it.each([
    ['by default', {}, false],
    ['when asked to', { revokeApiTokens: true }, false],
    ['not when told not to', { revokeApiTokens: false }, true],
  ])('revokes API tokens %s', async (_when, choice, tokenStillWorks) => {
    const { browser, user, tokenWorks } = await withToken();
    const res = await browser.post('/api/me/password', {
      currentPassword: user.password,
      newPassword: 'a new long password',
      ...choice,
    });
    expect(res.statusCode).toBe(204);
    expect(await tokenWorks()).toBe(tokenStillWorks);
    expect((await browser.get('/api/me/tokens')).json<{ items: unknown[] }>().items).toHaveLength(
      tokenStillWorks ? 1 : 0,
    );
  });
});
