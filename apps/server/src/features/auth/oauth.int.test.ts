import { LinkedIdentityListSchema, MeSchema } from '@bookshelf/contract';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '@bookshelf/test-support';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createBrowser, signUp, type Browser } from '../../test/browser.js';

const PUBLIC_URL = 'http://bookshelf.test';
let google: FakeOAuthProvider;
let twitter: FakeOAuthProvider;
let t: TestApp;

beforeAll(async () => {
  google = await startFakeOAuthProvider({ kind: 'google', redirectUris: [`${PUBLIC_URL}/api/auth/google/callback`] });
  twitter = await startFakeOAuthProvider({
    kind: 'twitter',
    redirectUris: [`${PUBLIC_URL}/api/auth/twitter/callback`],
  });
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    oauth: {
      google: { clientId: google.clientId, clientSecret: google.clientSecret, baseUrl: google.url },
      twitter: { clientId: twitter.clientId, clientSecret: twitter.clientSecret, baseUrl: twitter.url },
    },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
  await twitter.close();
});
beforeEach(() => {
  google.setBehaviour('approve');
  twitter.setBehaviour('approve');
});

let people = 0;
function googleUser(overrides: Partial<Parameters<FakeOAuthProvider['setUser']>[0]> = {}) {
  people += 1;
  const user = {
    id: `g-${people}-${Date.now()}`,
    email: `g${people}-${Date.now()}@gmail.test`,
    emailVerified: true,
    name: `Gina ${people}`,
    ...overrides,
  };
  google.setUser(user);
  return user;
}

/**
 * The browser's trip: our start URL → the provider's authorize page (which consents at once) → our
 * callback → the web app's /auth/callback page. Answers where the browser finally lands.
 */
async function signInWith(browser: Browser, provider: 'google' | 'twitter', tamper?: (callback: URL) => void) {
  const start = await browser.get(`/api/auth/${provider}`);
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(String(consent.headers.get('location')));
  expect(callback.origin).toBe(PUBLIC_URL);
  tamper?.(callback);
  const back = await browser.get(callback.pathname + callback.search);
  expect(back.statusCode).toBe(302);
  return { authorize, landing: String(back.headers.location) };
}

const me = async (browser: Browser) => {
  const res = await browser.get('/api/me');
  return res.statusCode === 200 ? MeSchema.parse(res.json()) : null;
};

describe('social sign-in round trip', () => {
  it('offers exactly the configured providers', async () => {
    expect((await createBrowser(t.app).get('/api/auth/providers')).json()).toEqual({
      providers: ['google', 'twitter'],
    });
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ providers: [] });
      const start = await bare.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(start.headers.location).toBe('/auth/callback?error=not_configured');
    } finally {
      await bare.close();
    }
  });

  it('starts with state and PKCE S256, then creates the user and signs in on the way back', async () => {
    const person = googleUser({ picture: 'https://photos.example/gina.png' });
    const browser = createBrowser(t.app);
    const { authorize, landing } = await signInWith(browser, 'google');

    expect(authorize.origin + authorize.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    expect(authorize.searchParams.get('prompt')).toBe('consent');

    expect(landing).toBe('/auth/callback?success=true');
    expect(await me(browser)).toMatchObject({
      name: person.name,
      email: person.email,
      avatar: person.picture,
      provider: 'google',
      hasPassword: false,
    });
    const identities = LinkedIdentityListSchema.parse((await browser.get('/api/me/identities')).json()).items;
    expect(identities).toEqual([expect.objectContaining({ provider: 'google', email: person.email })]);

    // The me answer is cached per data version: setting a first password shows on the very next read.
    const set = await browser.post('/api/me/password', { newPassword: 'a fresh pass phrase 41' });
    expect(set.statusCode).toBe(204);
    expect(await me(browser)).toMatchObject({ provider: 'google', hasPassword: true });
  });

  it('signs the same provider account into the same user next time', async () => {
    googleUser();
    const first = createBrowser(t.app);
    await signInWith(first, 'google');
    const second = createBrowser(t.app);
    await signInWith(second, 'google');
    expect((await me(second))?.id).toBe((await me(first))?.id);
  });

  it('signs in with X, which shares no e-mail, falling back from name to handle to "User"', async () => {
    twitter.setUser({ id: `x-${Date.now()}`, name: 'Xavier Reads', username: 'xreads' });
    const named = createBrowser(t.app);
    expect((await signInWith(named, 'twitter')).landing).toBe('/auth/callback?success=true');
    expect(await me(named)).toMatchObject({ name: 'Xavier Reads', email: null, provider: 'twitter' });

    twitter.setUser({ id: `x2-${Date.now()}`, username: 'handle_only' });
    const handle = createBrowser(t.app);
    await signInWith(handle, 'twitter');
    expect((await me(handle))?.name).toBe('handle_only');
  });

  it('passes over a provider name the database cannot store (NUL, lone surrogate), as if none were given', async () => {
    twitter.setUser({ id: `x3-${Date.now()}`, name: 'Nul\u0000Reads', username: 'nul_reads' });
    const nul = createBrowser(t.app);
    expect((await signInWith(nul, 'twitter')).landing).toBe('/auth/callback?success=true');
    expect((await me(nul))?.name).toBe('nul_reads');

    googleUser({ name: 'Lone \uD800 Surrogate' });
    const lone = createBrowser(t.app);
    expect((await signInWith(lone, 'google')).landing).toBe('/auth/callback?success=true');
    expect((await me(lone))?.name).toMatch(/^g\d+-\d+$/); // the e-mail's local part
  });
});

describe('social sign-in failures', () => {
  it('refuses a callback whose state does not match, and signs nobody in', async () => {
    googleUser();
    const browser = createBrowser(t.app);
    const { landing } = await signInWith(browser, 'google', (callback) => callback.searchParams.set('state', 'forged'));
    expect(landing).toBe('/auth/callback?error=invalid_state');
    expect(await me(browser)).toBeNull();
  });

  it('refuses a callback in a browser that never started the flow (login CSRF)', async () => {
    googleUser();
    const victim = createBrowser(t.app);
    const attacker = createBrowser(t.app);
    const start = await attacker.get('/api/auth/google');
    const consent = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(String(consent.headers.get('location')));
    const res = await victim.get(callback.pathname + callback.search);
    expect(res.headers.location).toBe('/auth/callback?error=invalid_state');
    expect(await me(victim)).toBeNull();
  });

  it.each([
    ['deny', 'access_denied'],
    ['token-error', 'provider_error'],
    ['server-error', 'provider_error'],
    ['userinfo-error', 'no_user_data'],
  ] as const)('reports %s from the provider as %s', async (behaviour, reason) => {
    googleUser();
    google.setBehaviour(behaviour);
    const browser = createBrowser(t.app);
    const { landing } = await signInWith(browser, 'google');
    expect(landing).toBe(`/auth/callback?error=${reason}`);
    expect(await me(browser)).toBeNull();
  });

  it('never attaches a provider identity to an existing account by e-mail', async () => {
    const { user } = await signUp(t.app);
    googleUser({ email: user.email });
    const browser = createBrowser(t.app);
    expect((await signInWith(browser, 'google')).landing).toBe('/auth/callback?error=email_in_use');
    expect(await me(browser)).toBeNull();
  });

  it('keeps an unverified provider e-mail off the new account', async () => {
    googleUser({ emailVerified: false });
    const browser = createBrowser(t.app);
    await signInWith(browser, 'google');
    expect((await me(browser))?.email).toBeNull();
  });
});

describe('linking while signed in', () => {
  it('links a provider to the signed-in account, which can then sign in with it', async () => {
    const { browser, me: owner } = await signUp(t.app);
    googleUser();
    expect((await signInWith(browser, 'google')).landing).toBe('/auth/callback?success=true');
    expect((await me(browser))?.id).toBe(owner.id);

    const elsewhere = createBrowser(t.app);
    await signInWith(elsewhere, 'google');
    expect((await me(elsewhere))?.id).toBe(owner.id);

    // Someone else cannot take the same provider account.
    const other = await signUp(t.app);
    expect((await signInWith(other.browser, 'google')).landing).toBe('/auth/callback?error=already_linked');
    // Nor unlink it from the account it belongs to: they have no google link of their own, so 404.
    expect((await other.browser.delete('/api/me/identities/google')).statusCode).toBe(404);
    expect((await browser.get('/api/me/identities')).json().items).toHaveLength(1);

    expect((await browser.delete('/api/me/identities/google')).statusCode).toBe(204);
    const fresh = createBrowser(t.app);
    await signInWith(fresh, 'google');
    expect((await me(fresh))?.id).not.toBe(owner.id);
  });

  it('refuses to unlink the only way a provider-only account can sign in', async () => {
    googleUser();
    const browser = createBrowser(t.app);
    await signInWith(browser, 'google');
    const res = await browser.delete('/api/me/identities/google');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This is your only way to sign in. Set a password first.');
    expect((await browser.post('/api/me/password', { newPassword: 'now I have one' })).statusCode).toBe(204);
    expect((await browser.delete('/api/me/identities/google')).statusCode).toBe(204);
    expect((await browser.delete('/api/me/identities/twitter')).statusCode).toBe(404);
  });

  it('lets only one of two concurrent unlinks through when together they would remove the last sign-in', async () => {
    // Several accounts at once, so that without the lock the race shows on PostgreSQL too, not only sometimes.
    const browsers: Browser[] = [];
    for (const n of [1, 2, 3, 4]) {
      googleUser();
      const browser = createBrowser(t.app);
      await signInWith(browser, 'google');
      twitter.setUser({ id: `x-both-${n}-${Date.now()}`, name: 'Both Ways', username: `both_ways_${n}` });
      expect((await signInWith(browser, 'twitter')).landing).toBe('/auth/callback?success=true');
      expect((await browser.get('/api/me/identities')).json().items).toHaveLength(2);
      browsers.push(browser);
    }

    const answers = await Promise.all(
      browsers.map((browser) =>
        Promise.all([browser.delete('/api/me/identities/google'), browser.delete('/api/me/identities/twitter')]),
      ),
    );
    for (const [i, pair] of answers.entries()) {
      expect(pair.map((res) => res.statusCode).sort()).toEqual([204, 409]);
      const refused = pair.find((res) => res.statusCode === 409)!;
      expect(refused.json().error.message).toBe('This is your only way to sign in. Set a password first.');
      expect((await browsers[i]!.get('/api/me/identities')).json().items).toHaveLength(1);
    }
  });
});
