import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, decodeIdToken } from 'arctic';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fakeOAuthBrowserSession,
  startFakeOAuthProvider,
  type FakeOAuthOptions,
  type FakeOAuthProvider,
} from './fake-oauth.js';

const redirectUri = 'http://127.0.0.1:3000/api/auth/google/callback';
const googleScopes = 'openid email profile';
const twitterScopes = 'users.read tweet.read offline.access';

let fake: FakeOAuthProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(options: FakeOAuthOptions): Promise<FakeOAuthProvider> {
  fake = await startFakeOAuthProvider(options);
  return fake;
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(provider: FakeOAuthProvider, overrides: Record<string, string | null> = {}): string {
  const url = new URL(provider.endpoints.authorize);
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: provider.kind === 'google' ? googleScopes : twitterScopes,
    state: 'state-123',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return url.href;
}

/** Follows the authorize step as a browser would and returns where the provider sends it back to. */
async function authorize(url: string, headers: Record<string, string> = {}): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual', headers });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

async function exchange(
  provider: FakeOAuthProvider,
  form: Record<string, string>,
  auth: string | null = basic(provider.clientId, provider.clientSecret),
): Promise<Response> {
  return fetch(provider.endpoints.token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: auth } : {}) },
    body: new URLSearchParams(form).toString(),
  });
}

/** The usual authorization-code exchange, with the client's Basic credentials. */
const exchangeCode = (provider: FakeOAuthProvider, code: string, verifier: string) =>
  exchange(provider, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });

async function codeFor(provider: FakeOAuthProvider, challenge: string, extra: Record<string, string> = {}) {
  const back = await authorize(authorizeUrl(provider, { code_challenge: challenge, ...extra }));
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

describe('startFakeOAuthProvider (google)', () => {
  it('completes authorization code + PKCE with Basic client auth, and serves userinfo and a signed id_token', async () => {
    const google = await start({ kind: 'google', redirectUris: [redirectUri] });
    google.setUser({ id: '42', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace', picture: 'p.png' });
    const { verifier, challenge } = pkce();

    const back = await authorize(
      authorizeUrl(google, { code_challenge: challenge, access_type: 'offline', prompt: 'consent', nonce: 'n-1' }),
    );
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-123');

    const res = await exchange(google, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tokens = (await res.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(tokens.scope).toBe(
      'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
    );
    expect(typeof tokens.refresh_token).toBe('string');

    const [header = '', payload = '', signature = ''] = String(tokens.id_token).split('.');
    const certs = (await (await fetch(`${google.url}/oauth2/v3/certs`)).json()) as { keys: object[] };
    const key = createPublicKey({ key: certs.keys[0] as never, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: google.clientId,
      sub: '42',
      email: 'ada@example.com',
      nonce: 'n-1',
    });

    const info = await fetch(google.endpoints.userinfo, {
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
    });
    expect(await info.json()).toEqual({
      sub: '42',
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'p.png',
    });
    expect(google.requestsTo('POST', '/token')).toHaveLength(1);
  });

  it('accepts client_id and client_secret in the form body instead of Basic', async () => {
    const google = await start({ kind: 'google' });
    const { verifier, challenge } = pkce();
    const code = await codeFor(google, challenge);
    const res = await exchange(
      google,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: google.clientId,
        client_secret: google.clientSecret,
      },
      null,
    );
    expect(res.status).toBe(200);
  });

  it("works unchanged with arctic's OAuth2Client, including the id_token arctic decodes", async () => {
    const google = await start({ kind: 'google' });
    google.setUser({ id: 'g-7', email: 'grace@example.com', name: 'Grace Hopper' });
    const client = new OAuth2Client(google.clientId, google.clientSecret, redirectUri);
    const verifier = randomBytes(32).toString('base64url');
    const url = client.createAuthorizationURLWithPKCE(
      google.endpoints.authorize,
      'st',
      CodeChallengeMethod.S256,
      verifier,
      ['openid', 'email', 'profile'],
    );
    const back = await authorize(url.href);
    const tokens = await client.validateAuthorizationCode(
      google.endpoints.token,
      back.searchParams.get('code')!,
      verifier,
    );
    expect(decodeIdToken(tokens.idToken())).toMatchObject({ sub: 'g-7', email: 'grace@example.com' });
    const info = await fetch(google.endpoints.userinfo, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(await info.json()).toMatchObject({ sub: 'g-7', email: 'grace@example.com', name: 'Grace Hopper' });
  });

  it('rejects a wrong code verifier with invalid_grant', async () => {
    const google = await start({ kind: 'google' });
    const code = await codeFor(google, pkce().challenge);
    const res = await exchange(google, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: pkce().verifier,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });
  });

  it('accepts a code only once, and revokes the tokens it gave when the code is replayed', async () => {
    const google = await start({ kind: 'google' });
    const { verifier, challenge } = pkce();
    const code = await codeFor(google, challenge);
    const form = { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier };
    const first = await exchange(google, form);
    expect(first.status).toBe(200);
    const { access_token } = (await first.json()) as { access_token: string };

    const second = await exchange(google, form);
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: 'invalid_grant' });
    const info = await fetch(google.endpoints.userinfo, { headers: { authorization: `Bearer ${access_token}` } });
    expect(info.status).toBe(401);
  });

  it('rejects an expired code, and a redirect_uri different from the authorize request', async () => {
    const google = await start({ kind: 'google', codeTtlMs: 20 });
    const { verifier, challenge } = pkce();
    const code = await codeFor(google, challenge);
    const mismatch = await exchange(google, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:3000/elsewhere',
      code_verifier: verifier,
    });
    expect(await mismatch.json()).toMatchObject({ error: 'invalid_grant' });

    await new Promise((r) => setTimeout(r, 40));
    const late = await exchangeCode(google, code, verifier);
    expect(await late.json()).toEqual({ error: 'invalid_grant', error_description: 'Authorization code has expired.' });
  });

  it('answers 401 invalid_client for a wrong client secret, by Basic and by body', async () => {
    const google = await start({ kind: 'google' });
    const { verifier, challenge } = pkce();
    const code = await codeFor(google, challenge);
    const form = { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier };

    const byBasic = await exchange(google, form, basic(google.clientId, 'not-the-secret'));
    expect(byBasic.status).toBe(401);
    expect(byBasic.headers.get('www-authenticate')).toContain('Basic');
    expect(await byBasic.json()).toMatchObject({ error: 'invalid_client' });

    const byBody = await exchange(google, { ...form, client_id: google.clientId, client_secret: 'nope' }, null);
    expect(byBody.status).toBe(401);

    const arctic = new OAuth2Client(google.clientId, 'wrong', redirectUri);
    await expect(arctic.validateAuthorizationCode(google.endpoints.token, code, verifier)).rejects.toMatchObject({
      code: 'invalid_client',
    });
    // The failed attempts did not burn the code.
    expect((await exchange(google, form)).status).toBe(200);
  });

  it("sends the browser back with error=access_denied when the behaviour is 'deny'", async () => {
    const google = await start({ kind: 'google' });
    google.setBehaviour('deny');
    const back = await authorize(authorizeUrl(google));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it("fails the code exchange with invalid_grant under 'token-error' and with 500 under 'server-error'", async () => {
    const google = await start({ kind: 'google', behaviour: 'token-error' });
    const client = new OAuth2Client(google.clientId, google.clientSecret, redirectUri);
    const { verifier, challenge } = pkce();
    const code = await codeFor(google, challenge);
    const failure = await client.validateAuthorizationCode(google.endpoints.token, code, verifier).catch((e) => e);
    expect(failure).toBeInstanceOf(OAuth2RequestError);
    expect((failure as OAuth2RequestError).code).toBe('invalid_grant');

    google.setBehaviour('server-error');
    const res = await exchangeCode(google, code, verifier);
    expect(res.status).toBe(500);
  });

  it("issues tokens but fails userinfo under 'userinfo-error'; an unknown token gets 401", async () => {
    const google = await start({ kind: 'google', behaviour: 'userinfo-error' });
    const { verifier, challenge } = pkce();
    const code = await codeFor(google, challenge);
    const res = await exchangeCode(google, code, verifier);
    const { access_token } = (await res.json()) as { access_token: string };
    const info = await fetch(google.endpoints.userinfo, { headers: { authorization: `Bearer ${access_token}` } });
    expect(info.status).toBe(500);
    const unknown = await fetch(google.endpoints.userinfo, { headers: { authorization: 'Bearer forged' } });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('answers a bad authorize request with a 400 error page instead of redirecting', async () => {
    const google = await start({ kind: 'google', redirectUris: [redirectUri] });
    const cases: Array<[Record<string, string | null>, string]> = [
      [{ redirect_uri: 'http://127.0.0.1:3000/other' }, 'redirect_uri_mismatch'],
      [{ client_id: 'someone-else' }, 'invalid_client'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: null }, 'invalid_request'],
      [{ state: null }, 'invalid_request'],
    ];
    for (const [overrides, error] of cases) {
      const res = await fetch(authorizeUrl(google, overrides), { redirect: 'manual' });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain(error);
    }
  });

  it('accepts any http(s) redirect URI when none is configured, but not other schemes', async () => {
    const google = await start({ kind: 'google' });
    const ok = await fetch(authorizeUrl(google, { redirect_uri: 'https://books.example/cb' }), { redirect: 'manual' });
    expect(ok.status).toBe(302);
    const bad = await fetch(authorizeUrl(google, { redirect_uri: 'javascript:alert(1)' }), { redirect: 'manual' });
    expect(bad.status).toBe(400);
  });

  it('only returns the claims of granted scopes, as Google does', async () => {
    const google = await start({ kind: 'google' });
    const { verifier, challenge } = pkce();
    const code = await codeFor(google, challenge, { scope: 'openid' });
    const res = await exchangeCode(google, code, verifier);
    const { access_token } = (await res.json()) as { access_token: string };
    const info = await fetch(google.endpoints.userinfo, { headers: { authorization: `Bearer ${access_token}` } });
    expect(Object.keys((await info.json()) as object)).toEqual(['sub']);
  });

  it('refreshes an offline grant', async () => {
    const google = await start({ kind: 'google' });
    const client = new OAuth2Client(google.clientId, google.clientSecret, redirectUri);
    const { verifier, challenge } = pkce();
    const code = await codeFor(google, challenge, { access_type: 'offline' });
    const tokens = await client.validateAuthorizationCode(google.endpoints.token, code, verifier);
    const refreshed = await client.refreshAccessToken(google.endpoints.token, tokens.refreshToken(), []);
    expect(refreshed.accessToken()).not.toBe(tokens.accessToken());
    await expect(client.refreshAccessToken(google.endpoints.token, 'bogus', [])).rejects.toMatchObject({
      code: 'invalid_grant',
    });
  });
});

describe('startFakeOAuthProvider (twitter)', () => {
  it("completes the round trip with arctic's OAuth2Client and serves GET /2/users/me", async () => {
    const x = await start({ kind: 'twitter' });
    x.setUser({ id: '99', name: 'Octavia', username: 'octavia', picture: 'https://img/x.jpg', email: 'never@x' });
    const client = new OAuth2Client(x.clientId, x.clientSecret, redirectUri);
    const verifier = randomBytes(32).toString('base64url');
    const url = client.createAuthorizationURLWithPKCE(
      x.endpoints.authorize,
      'st-x',
      CodeChallengeMethod.S256,
      verifier,
      ['users.read', 'tweet.read', 'offline.access'],
    );
    expect(url.pathname).toBe('/i/oauth2/authorize');
    const back = await authorize(url.href);
    expect(back.searchParams.get('state')).toBe('st-x');

    const tokens = await client.validateAuthorizationCode(x.endpoints.token, back.searchParams.get('code')!, verifier);
    expect(tokens.tokenType()).toBe('bearer');
    expect(tokens.accessTokenExpiresInSeconds()).toBe(7200);
    expect(tokens.scopes()).toEqual(['users.read', 'tweet.read', 'offline.access']);
    expect(x.requestsTo('POST', '/2/oauth2/token')[0]?.headers.authorization).toMatch(/^Basic /);

    const me = await fetch(`${x.url}/2/users/me?user.fields=profile_image_url`, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(await me.json()).toEqual({
      data: { id: '99', name: 'Octavia', username: 'octavia', profile_image_url: 'https://img/x.jpg' },
    });

    // X rotates the refresh token on every use.
    const refreshed = await client.refreshAccessToken(x.endpoints.token, tokens.refreshToken(), []);
    expect(refreshed.refreshToken()).not.toBe(tokens.refreshToken());
    await expect(client.refreshAccessToken(x.endpoints.token, tokens.refreshToken(), [])).rejects.toBeInstanceOf(
      OAuth2RequestError,
    );
  });

  it('completes the round trip with plain fetch and a node:crypto PKCE pair', async () => {
    const x = await start({ kind: 'twitter' });
    const { verifier, challenge } = pkce();
    const code = await codeFor(x, challenge);
    const res = await exchangeCode(x, code, verifier);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope: twitterScopes });
    expect(tokens).not.toHaveProperty('id_token');
    const me = await fetch(`${x.url}/2/users/me`, {
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
    });
    const body = (await me.json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ id: '1445880548472328192', username: 'adareads' });
    expect(body.data).not.toHaveProperty('profile_image_url');
    expect(body.data).not.toHaveProperty('email');
  });

  it('requires Basic client authentication, wants users.read and tweet.read, and rejects bad verifiers', async () => {
    const x = await start({ kind: 'twitter' });
    const { verifier, challenge } = pkce();
    const code = await codeFor(x, challenge);
    const form = { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier };

    const inBody = await exchange(x, { ...form, client_id: x.clientId, client_secret: x.clientSecret }, null);
    expect(inBody.status).toBe(401);
    expect((await exchange(x, { ...form, code_verifier: 'x'.repeat(43) })).status).toBe(400);
    expect((await exchange(x, form, basic(x.clientId, 'wrong'))).status).toBe(401);

    const narrow = pkce();
    const narrowCode = await codeFor(x, narrow.challenge, { scope: 'users.read' });
    const tokens = (await (
      await exchange(x, { ...form, code: narrowCode, code_verifier: narrow.verifier })
    ).json()) as { access_token: string };
    const me = await fetch(`${x.url}/2/users/me`, {
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
    });
    expect(me.status).toBe(403);
  });

  it("applies 'deny' and 'userinfo-error' to X too", async () => {
    const x = await start({ kind: 'twitter', behaviour: 'deny' });
    expect((await authorize(authorizeUrl(x))).searchParams.get('error')).toBe('access_denied');

    x.setBehaviour('userinfo-error');
    const { verifier, challenge } = pkce();
    const code = await codeFor(x, challenge);
    const res = await exchangeCode(x, code, verifier);
    const { access_token } = (await res.json()) as { access_token: string };
    const me = await fetch(`${x.url}/2/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(me.status).toBe(500);
  });
});

describe('run-time control', () => {
  it('signs in as the user set at run time, over the API and over the HTTP control routes', async () => {
    const google = await start({ kind: 'google' });
    const signIn = async () => {
      const { verifier, challenge } = pkce();
      const code = await codeFor(google, challenge);
      const res = await exchangeCode(google, code, verifier);
      const { access_token } = (await res.json()) as { access_token: string };
      const info = await fetch(google.endpoints.userinfo, { headers: { authorization: `Bearer ${access_token}` } });
      return ((await info.json()) as { sub: string }).sub;
    };
    google.setUser({ id: 'first' });
    expect(await signIn()).toBe('first');

    const post = (path: string, body: unknown) =>
      fetch(`${google.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/__control/user', { id: 'second', email: 's@example.com' })).status).toBe(204);
    expect(await signIn()).toBe('second');

    expect((await post('/__control/behaviour', { behaviour: 'nonsense' })).status).toBe(400);
    expect((await post('/__control/behaviour', { behaviour: 'deny' })).status).toBe(204);
    expect((await authorize(authorizeUrl(google))).searchParams.get('error')).toBe('access_denied');
    expect(() => google.setBehaviour('maybe' as never)).toThrow();
  });

  it("lets one browser's session cookie pick its own account and outcome without touching the others", async () => {
    const google = await start({ kind: 'google' });
    const denied = fakeOAuthBrowserSession('google', { behaviour: 'deny' });
    const back = await authorize(authorizeUrl(google), { cookie: `other=1; ${denied.name}=${denied.value}` });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect((await authorize(authorizeUrl(google))).searchParams.has('code')).toBe(true);

    const mine = fakeOAuthBrowserSession('google', { user: { id: 'cookie-user', email: 'c@example.com' } });
    const { verifier, challenge } = pkce();
    const withCookie = await authorize(authorizeUrl(google, { code_challenge: challenge }), {
      cookie: `${mine.name}=${mine.value}`,
    });
    const res = await exchange(google, {
      grant_type: 'authorization_code',
      code: withCookie.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    const { access_token } = (await res.json()) as { access_token: string };
    const info = await fetch(google.endpoints.userinfo, { headers: { authorization: `Bearer ${access_token}` } });
    expect(await info.json()).toMatchObject({ sub: 'cookie-user', email: 'c@example.com' });
  });
});

describe('refresh tokens, revocation and expiry', () => {
  async function offlineTokens(provider: FakeOAuthProvider, extra: Record<string, string>) {
    const { verifier, challenge } = pkce();
    const code = await codeFor(provider, challenge, extra);
    const res = await exchangeCode(provider, code, verifier);
    expect(res.status).toBe(200);
    return (await res.json()) as { access_token: string; refresh_token?: string; expires_in: number };
  }
  const refresh = (provider: FakeOAuthProvider, token: string) =>
    exchange(provider, { grant_type: 'refresh_token', refresh_token: token });

  it('issues a refresh token only for offline access, and expires_in with every token', async () => {
    const google = await start({ kind: 'google' });
    const online = await offlineTokens(google, {});
    expect(online.refresh_token).toBeUndefined();
    expect(online.expires_in).toBe(3599);
    const offline = await offlineTokens(google, { access_type: 'offline' });
    expect(typeof offline.refresh_token).toBe('string');
  });

  it('tells drive fakes which access tokens it issued, and expires them on demand', async () => {
    const google = await start({ kind: 'google' });
    const tokens = await offlineTokens(google, { access_type: 'offline' });
    expect(google.isValidAccessToken(tokens.access_token)).toBe(true);
    expect(google.isValidAccessToken('ya29.made-up')).toBe(false);
    google.expireAccessTokens();
    expect(google.isValidAccessToken(tokens.access_token)).toBe(false);
    const info = await fetch(google.endpoints.userinfo, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(401);

    const res = await refresh(google, tokens.refresh_token!);
    expect(res.status).toBe(200);
    const next = (await res.json()) as { access_token: string; refresh_token?: string; expires_in: number };
    expect(google.isValidAccessToken(next.access_token)).toBe(true);
    // Google keeps the refresh token; the same one works again.
    expect(next.refresh_token).toBeUndefined();
    expect((await refresh(google, tokens.refresh_token!)).status).toBe(200);
  });

  it('rotates refresh tokens when asked to, retiring the old one with invalid_grant', async () => {
    const google = await start({ kind: 'google', rotateRefreshTokens: true });
    const tokens = await offlineTokens(google, { access_type: 'offline' });
    const next = (await (await refresh(google, tokens.refresh_token!)).json()) as { refresh_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(google.isValidRefreshToken(next.refresh_token)).toBe(true);
    const old = await refresh(google, tokens.refresh_token!);
    expect(old.status).toBe(400);
    expect(await old.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("fails refresh grants under 'token-error' (400 invalid_grant) and 'server-error' (500)", async () => {
    const google = await start({ kind: 'google' });
    const tokens = await offlineTokens(google, { access_type: 'offline' });
    google.setBehaviour('token-error');
    const denied = await refresh(google, tokens.refresh_token!);
    expect(denied.status).toBe(400);
    expect(await denied.json()).toMatchObject({ error: 'invalid_grant' });
    google.setBehaviour('server-error');
    expect((await refresh(google, tokens.refresh_token!)).status).toBe(500);
    google.setBehaviour('approve');
    expect((await refresh(google, tokens.refresh_token!)).status).toBe(200);
  });

  it('revokes a whole grant at POST /revoke?token=…, and fails with 500 under revoke-error', async () => {
    const google = await start({ kind: 'google' });
    const tokens = await offlineTokens(google, { access_type: 'offline' });
    google.setBehaviour('revoke-error');
    const failed = await fetch(`${google.endpoints.revoke}?token=${tokens.refresh_token}`, { method: 'POST' });
    expect(failed.status).toBe(500);
    expect(google.isValidRefreshToken(tokens.refresh_token!)).toBe(true);

    google.setBehaviour('approve');
    const res = await fetch(`${google.endpoints.revoke}?token=${encodeURIComponent(tokens.refresh_token!)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(google.isValidRefreshToken(tokens.refresh_token!)).toBe(false);
    expect(google.isValidAccessToken(tokens.access_token)).toBe(false);
    expect((await refresh(google, tokens.refresh_token!)).status).toBe(400);

    const again = await fetch(`${google.endpoints.revoke}?token=${tokens.refresh_token}`, { method: 'POST' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('revokeAll ends every grant', async () => {
    const x = await start({ kind: 'twitter' });
    const tokens = await offlineTokens(x, { scope: twitterScopes });
    x.revokeAll();
    expect(x.isValidAccessToken(tokens.access_token)).toBe(false);
    expect((await refresh(x, tokens.refresh_token!)).status).toBe(400);
  });
});

describe('startFakeOAuthProvider (microsoft)', () => {
  const scope = 'openid profile email offline_access Files.Read';

  it('serves the v2.0 endpoints with an id_token naming the account, and rotates refresh tokens', async () => {
    const ms = await start({ kind: 'microsoft', redirectUris: [redirectUri] });
    ms.setUser({ id: 'oid-1', email: 'ada@outlook.com', name: 'Ada Lovelace' });
    expect(ms.endpoints.authorize).toBe(`${ms.url}/common/oauth2/v2.0/authorize`);
    expect(ms.endpoints.token).toBe(`${ms.url}/common/oauth2/v2.0/token`);
    expect(ms.endpoints.revoke).toBeNull();

    const client = new OAuth2Client(ms.clientId, ms.clientSecret, redirectUri);
    const verifier = randomBytes(32).toString('base64url');
    const url = client.createAuthorizationURLWithPKCE(
      ms.endpoints.authorize,
      'st',
      CodeChallengeMethod.S256,
      verifier,
      scope.split(' '),
    );
    const back = await authorize(url.href);
    const tokens = await client.validateAuthorizationCode(ms.endpoints.token, back.searchParams.get('code')!, verifier);
    expect(tokens.accessTokenExpiresInSeconds()).toBe(3600);
    expect(ms.isValidAccessToken(tokens.accessToken())).toBe(true);
    expect(decodeIdToken(tokens.idToken())).toMatchObject({
      oid: 'oid-1',
      name: 'Ada Lovelace',
      preferred_username: 'ada@outlook.com',
      email: 'ada@outlook.com',
      aud: ms.clientId,
    });

    const refreshed = await client.refreshAccessToken(ms.endpoints.token, tokens.refreshToken(), []);
    expect(refreshed.refreshToken()).not.toBe(tokens.refreshToken());
    expect(ms.isValidAccessToken(refreshed.accessToken())).toBe(true);
    await expect(client.refreshAccessToken(ms.endpoints.token, tokens.refreshToken(), [])).rejects.toBeInstanceOf(
      OAuth2RequestError,
    );
  });

  it('issues no refresh token without offline_access, and accepts the secret in the form body', async () => {
    const ms = await start({ kind: 'microsoft' });
    const { verifier, challenge } = pkce();
    const code = await codeFor(ms, challenge, { scope: 'openid profile Files.Read' });
    const res = await exchange(
      ms,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: ms.clientId,
        client_secret: ms.clientSecret,
      },
      null,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.refresh_token).toBeUndefined();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const info = await fetch(ms.endpoints.userinfo, {
      headers: { authorization: `Bearer ${String(body.access_token)}` },
    });
    expect(await info.json()).toMatchObject({ name: 'Ada Reader' });
  });
});
