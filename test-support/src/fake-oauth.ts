import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { startFakeServer, type FakeResponse, type RecordedRequest } from './fake-server.js';

export type FakeOAuthKind = 'google' | 'twitter' | 'microsoft';

/**
 * How the provider treats the next sign-in:
 * - `approve`: the person consents at once (no consent screen, so browsers and fetch pass straight through);
 * - `deny`: the person refuses; the browser comes back with `error=access_denied`;
 * - `token-error`: consent, but the code exchange answers 400 `invalid_grant`;
 * - `server-error`: consent, but the token endpoint answers 500;
 * - `userinfo-error`: tokens are issued, but the profile endpoint answers 500;
 * - `revoke-error`: everything works except Google's revoke endpoint, which answers 500.
 * `token-error` and `server-error` fail refresh-token grants the same way.
 * An unknown or expired access token always gets 401 from the profile endpoint, whatever the behaviour.
 */
export type FakeOAuthBehaviour =
  'approve' | 'deny' | 'token-error' | 'server-error' | 'userinfo-error' | 'revoke-error';

export const fakeOAuthBehaviours: readonly FakeOAuthBehaviour[] = [
  'approve',
  'deny',
  'token-error',
  'server-error',
  'userinfo-error',
  'revoke-error',
];

/**
 * The account that signs in at the provider. X has no email, so it ignores `email` and `emailVerified`.
 * Microsoft uses `id` as the account's object id (`oid`) and `email` as its `preferred_username`.
 */
export interface FakeOAuthUser {
  id: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  picture?: string;
  /** X handle (without @); Google ignores it. */
  username?: string;
}

export interface FakeOAuthOptions {
  kind: FakeOAuthKind;
  clientId?: string;
  clientSecret?: string;
  /** Exact redirect URIs registered for the client; when empty, any http(s) URI is accepted. */
  redirectUris?: string[];
  user?: FakeOAuthUser;
  behaviour?: FakeOAuthBehaviour;
  /** Lifetime of an authorization code. */
  codeTtlMs?: number;
  /** `expires_in` of issued access tokens. */
  tokenTtlSeconds?: number;
  /**
   * Whether a refresh-token grant answers a new refresh token and retires the old one. Default: X and
   * Microsoft rotate, Google keeps the same one.
   */
  rotateRefreshTokens?: boolean;
}

export interface FakeOAuthProvider {
  readonly kind: FakeOAuthKind;
  /** Base URL to put in GOOGLE_OAUTH_BASE_URL / TWITTER_BASE_URL, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Full endpoint URLs on this fake, with the provider's real paths (revoke: Google only). */
  readonly endpoints: { authorize: string; token: string; userinfo: string; revoke: string | null };
  readonly requests: RecordedRequest[];
  requestsTo(method: string, path: string): RecordedRequest[];
  setUser(user: FakeOAuthUser): void;
  setBehaviour(behaviour: FakeOAuthBehaviour): void;
  /** Whether `token` is an access token this fake issued that is neither expired nor revoked (for drive fakes). */
  isValidAccessToken(token: string): boolean;
  /** Makes every access token issued so far expired now (refresh tokens stay valid). */
  expireAccessTokens(): void;
  /** Whether a refresh token is one this fake would still accept. */
  isValidRefreshToken(token: string): boolean;
  /** Revokes every refresh and access token issued so far, as a user removing the app's access would. */
  revokeAll(): void;
  close(): Promise<void>;
}

/**
 * Name and value of a cookie that, set in a browser for the fake's host, makes that browser sign in as
 * `user` and/or with `behaviour`, overriding the fake's global settings. Real providers pick the account
 * from their own session cookie too; here it lets parallel browser tests each use their own account and
 * outcome against one shared fake.
 */
export function fakeOAuthBrowserSession(
  kind: FakeOAuthKind,
  session: { user?: FakeOAuthUser; behaviour?: FakeOAuthBehaviour },
): { name: string; value: string } {
  return { name: sessionCookieName(kind), value: Buffer.from(JSON.stringify(session)).toString('base64url') };
}

const sessionCookieName = (kind: FakeOAuthKind) => `fake_oauth_${kind}`;

interface Endpoints {
  authorize: string;
  token: string;
  userinfo: string[];
  revoke?: string;
}

const paths: Record<FakeOAuthKind, Endpoints> = {
  google: {
    authorize: '/o/oauth2/v2/auth',
    token: '/token',
    userinfo: ['/v1/userinfo', '/oauth2/v3/userinfo'],
    revoke: '/revoke',
  },
  twitter: { authorize: '/i/oauth2/authorize', token: '/2/oauth2/token', userinfo: ['/2/users/me'] },
  // login.microsoftonline.com; userinfo is Graph's OpenID endpoint (graph.microsoft.com/oidc/userinfo).
  microsoft: {
    authorize: '/common/oauth2/v2.0/authorize',
    token: '/common/oauth2/v2.0/token',
    userinfo: ['/oidc/userinfo'],
  },
};

/** The tenant Microsoft personal accounts sign in under. */
const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

const defaultUsers: Record<FakeOAuthKind, FakeOAuthUser> = {
  google: {
    id: '108204268033311374519',
    email: 'ada.reader@gmail.com',
    emailVerified: true,
    name: 'Ada Reader',
    picture: 'https://lh3.googleusercontent.com/a/fake-ada=s96-c',
  },
  twitter: {
    id: '1445880548472328192',
    name: 'Ada Reader',
    username: 'adareads',
    picture: 'https://pbs.twimg.com/profile_images/1/fake_normal.jpg',
  },
  microsoft: {
    id: '00000000-0000-0000-66f3-3332eca7ea81',
    email: 'ada.reader@outlook.com',
    emailVerified: true,
    name: 'Ada Reader',
  },
};

/** Google answers with the long scope names for the OpenID shorthands. */
const googleScopeNames: Record<string, string> = {
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
};

interface SessionOverride {
  user?: FakeOAuthUser;
  behaviour?: FakeOAuthBehaviour;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string | null;
  codeChallenge: string;
  scopes: string[];
  user: FakeOAuthUser;
  nonce: string | null;
  offline: boolean;
  expiresAt: number;
  used: boolean;
  behaviour: FakeOAuthBehaviour | undefined;
  /** Tokens minted from this code, revoked if the code is replayed (RFC 6749 §4.1.2). */
  accessTokens: string[];
}

interface Grant {
  clientId: string;
  scopes: string[];
  user: FakeOAuthUser;
  expiresAt: number;
  behaviour: FakeOAuthBehaviour | undefined;
  /** One consent: its refresh tokens and every access token minted from them, revoked together. */
  family: string;
}

const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

/** What each provider's access tokens look like at a glance (Google `ya29.`, Microsoft's compact `EwB…`). */
const accessTokenPrefix: Record<FakeOAuthKind, string> = { google: 'ya29.', twitter: '', microsoft: 'EwB' };

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** RFC 6749 §2.3.1: the id and secret are form-encoded before joining them for Basic. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return cookies;
}

function readSession(kind: FakeOAuthKind, request: RecordedRequest): SessionOverride {
  const raw = parseCookies(request.headers.cookie)[sessionCookieName(kind)];
  if (!raw) return {};
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as SessionOverride;
    const behaviour = fakeOAuthBehaviours.includes(parsed.behaviour as FakeOAuthBehaviour)
      ? parsed.behaviour
      : undefined;
    const user = parsed.user && typeof parsed.user.id === 'string' ? parsed.user : undefined;
    return { ...(user ? { user } : {}), ...(behaviour ? { behaviour } : {}) };
  } catch {
    return {};
  }
}

function errorPage(error: string, description: string): FakeResponse {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    status: 400,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body:
      `<!doctype html><html><head><title>Error 400 (${escape(error)})</title></head><body>` +
      `<h1>Access blocked: this app's request is invalid</h1><p>Error 400: ${escape(error)}</p>` +
      `<p>${escape(description)}</p></body></html>`,
  };
}

/** RFC 6749 §5.2 error body; never cached. */
function tokenError(status: number, error: string, description: string, extra: Record<string, string> = {}) {
  return {
    status,
    headers: { 'cache-control': 'no-store', pragma: 'no-cache', ...extra },
    body: { error, error_description: description },
  } satisfies FakeResponse;
}

function splitName(name: string | undefined): { given?: string; family?: string } {
  if (!name) return {};
  const [given, ...rest] = name.trim().split(/\s+/);
  return { ...(given ? { given } : {}), ...(rest.length ? { family: rest.join(' ') } : {}) };
}

/**
 * A fake OAuth 2.0 authorization server plus profile API, speaking the real wire protocol of Google
 * (authorization code + PKCE, OpenID Connect userinfo and a signed id_token, `POST /revoke`), of X (OAuth 2.0
 * with PKCE, `GET /2/users/me`) or of the Microsoft identity platform (`/common/oauth2/v2.0/…`, a v2.0
 * id_token with `oid`, `name`, `preferred_username`, `email`), on the providers' real paths, so `arctic` works
 * against it unchanged once the base URL is swapped. Refresh-token grants work for every kind (offline access:
 * Google `access_type=offline`, X `offline.access`, Microsoft `offline_access`). Control routes for out-of-process callers: `POST /__control/behaviour` `{behaviour}` and
 * `POST /__control/user` `{id, ...}`.
 */
export async function startFakeOAuthProvider(options: FakeOAuthOptions): Promise<FakeOAuthProvider> {
  const { kind } = options;
  const clientId = options.clientId ?? `fake-${kind}-client-${randomToken(6)}`;
  const clientSecret = options.clientSecret ?? `fake-${kind}-secret-${randomToken(12)}`;
  const redirectUris = options.redirectUris ?? [];
  const codeTtlMs = options.codeTtlMs ?? 60_000;
  const tokenTtlSeconds = options.tokenTtlSeconds ?? (kind === 'google' ? 3599 : kind === 'microsoft' ? 3600 : 7200);
  const rotateRefreshTokens = options.rotateRefreshTokens ?? kind !== 'google';
  const path = paths[kind];

  let user: FakeOAuthUser = options.user ?? defaultUsers[kind];
  let behaviour: FakeOAuthBehaviour = options.behaviour ?? 'approve';
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Omit<Grant, 'expiresAt'>>();

  // Google and Microsoft sign id_tokens with RS256 and publish the key as a JWKS; a client that verifies can fetch it.
  const keys = kind === 'twitter' ? undefined : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomToken(8);
  let baseUrl = '';

  /** Microsoft's v2.0 id_token: `oid` is the account's id, `preferred_username` its sign-in name. */
  function microsoftClaims(grant: IssuedCode, now: number): Record<string, unknown> {
    const scopes = grant.scopes;
    return {
      ver: '2.0',
      iss: `https://login.microsoftonline.com/${MICROSOFT_CONSUMER_TENANT}/v2.0`,
      aud: grant.clientId,
      sub: createHash('sha256').update(`${grant.clientId}:${grant.user.id}`).digest('base64url').slice(0, 43),
      oid: grant.user.id,
      tid: MICROSOFT_CONSUMER_TENANT,
      iat: now,
      nbf: now,
      exp: now + tokenTtlSeconds,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      ...(scopes.includes('profile')
        ? { name: grant.user.name, preferred_username: grant.user.email ?? grant.user.username }
        : {}),
      ...(scopes.includes('email') && grant.user.email ? { email: grant.user.email } : {}),
    };
  }

  function idToken(grant: IssuedCode, privateKey: KeyObject): string {
    const now = Math.floor(Date.now() / 1000);
    const name = splitName(grant.user.name);
    const claims: Record<string, unknown> =
      kind === 'microsoft'
        ? microsoftClaims(grant, now)
        : {
            iss: 'https://accounts.google.com',
            azp: grant.clientId,
            aud: grant.clientId,
            sub: grant.user.id,
            iat: now,
            exp: now + tokenTtlSeconds,
            ...(grant.nonce ? { nonce: grant.nonce } : {}),
            ...(grant.scopes.includes(googleScopeNames.email!) ? emailClaims(grant.user) : {}),
            ...(grant.scopes.includes(googleScopeNames.profile!)
              ? {
                  name: grant.user.name,
                  picture: grant.user.picture,
                  given_name: name.given,
                  family_name: name.family,
                }
              : {}),
          };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${encode({ alg: 'RS256', kid, typ: 'JWT' })}.${encode(claims)}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  }

  function emailClaims(account: FakeOAuthUser) {
    return account.email ? { email: account.email, email_verified: account.emailVerified ?? true } : {};
  }

  function authorize(request: RecordedRequest): FakeResponse {
    const q = request.query;
    const requestedClient = q.get('client_id');
    if (!requestedClient) return errorPage('invalid_request', 'Missing required parameter: client_id');
    if (requestedClient !== clientId) return errorPage('invalid_client', 'The OAuth client was not found.');
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) return errorPage('invalid_request', 'Missing required parameter: redirect_uri');
    let redirect: URL;
    try {
      redirect = new URL(redirectUri);
    } catch {
      return errorPage('redirect_uri_mismatch', `Invalid redirect_uri: ${redirectUri}`);
    }
    const allowed = redirectUris.length
      ? redirectUris.includes(redirectUri)
      : redirect.protocol === 'http:' || redirect.protocol === 'https:';
    if (!allowed) {
      return errorPage('redirect_uri_mismatch', `redirect_uri ${redirectUri} is not registered for this client.`);
    }
    if (q.get('response_type') !== 'code') {
      return errorPage('unsupported_response_type', `Unsupported response_type: ${q.get('response_type') ?? ''}`);
    }
    const scope = q.get('scope');
    if (!scope) return errorPage('invalid_request', 'Missing required parameter: scope');
    const state = q.get('state');
    if (!state) return errorPage('invalid_request', 'Missing required parameter: state');
    const codeChallenge = q.get('code_challenge');
    if (!codeChallenge) return errorPage('invalid_request', 'Missing required parameter: code_challenge');
    if (q.get('code_challenge_method') !== 'S256') {
      return errorPage('invalid_request', 'code_challenge_method must be S256');
    }

    const session = readSession(kind, request);
    const effective = session.behaviour ?? behaviour;
    const back = new URL(redirectUri);
    back.searchParams.set('state', state);
    if (effective === 'deny') {
      back.searchParams.set('error', 'access_denied');
      return { status: 302, headers: { location: back.href } };
    }

    const requested = scope.split(' ').filter(Boolean);
    const scopes = kind === 'google' ? requested.map((s) => googleScopeNames[s] ?? s) : requested;
    const code = randomToken();
    codes.set(code, {
      clientId,
      redirectUri,
      codeChallenge,
      scopes,
      user: session.user ?? user,
      nonce: q.get('nonce'),
      offline:
        kind === 'google'
          ? q.get('access_type') === 'offline'
          : scopes.includes(kind === 'microsoft' ? 'offline_access' : 'offline.access'),
      expiresAt: Date.now() + codeTtlMs,
      used: false,
      behaviour: session.behaviour,
      accessTokens: [],
    });
    back.searchParams.set('code', code);
    return { status: 302, headers: { location: back.href } };
  }

  /** Returns the authenticated client id, or an error response. */
  function authenticateClient(request: RecordedRequest, form: Record<string, string>): string | FakeResponse {
    const header = request.headers.authorization;
    const basic = header?.startsWith('Basic ') ? header.slice(6).trim() : undefined;
    const bodySecret = form.client_secret;
    if (basic !== undefined && bodySecret !== undefined) {
      return tokenError(400, 'invalid_request', 'Use only one client authentication method.');
    }
    if (basic !== undefined) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const at = decoded.indexOf(':');
      const id = at >= 0 ? decoded.slice(0, at) : decoded;
      const secret = at >= 0 ? decoded.slice(at + 1) : '';
      // Accept the RFC's form-encoded credentials and the raw ones many clients send (arctic among them).
      const matches = (raw: string, expected: string) => raw === expected || formDecode(raw) === expected;
      if (matches(id, clientId) && matches(secret, clientSecret)) return clientId;
      return tokenError(401, 'invalid_client', 'Client authentication failed.', {
        'www-authenticate': 'Basic realm="fake-oauth"',
      });
    }
    if (bodySecret !== undefined) {
      if (kind === 'twitter') {
        return tokenError(401, 'unauthorized_client', 'Missing valid authorization header');
      }
      if (form.client_id === clientId && bodySecret === clientSecret) return clientId;
      return tokenError(401, 'invalid_client', 'Client authentication failed.');
    }
    // This client is confidential: a bare client_id (public-client style) is not enough.
    return tokenError(401, 'invalid_client', 'Client authentication required.');
  }

  function issueTokens(grant: Omit<Grant, 'expiresAt'>, extra: Record<string, unknown>): FakeResponse {
    const accessToken = `${accessTokenPrefix[kind]}${randomToken(32)}`;
    accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + tokenTtlSeconds * 1000 });
    return {
      headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
      body: {
        access_token: accessToken,
        token_type: kind === 'twitter' ? 'bearer' : 'Bearer',
        expires_in: tokenTtlSeconds,
        scope: grant.scopes.join(' '),
        ...extra,
      },
    };
  }

  function token(request: RecordedRequest): FakeResponse {
    const form =
      typeof request.parsed === 'object' && request.parsed !== null && request.headers['content-type']?.includes('form')
        ? (request.parsed as Record<string, string>)
        : undefined;
    if (!form) return tokenError(400, 'invalid_request', 'Body must be application/x-www-form-urlencoded.');
    const client = authenticateClient(request, form);
    if (typeof client !== 'string') return client;

    if (form.grant_type === 'refresh_token') return refresh(form, client);
    if (!form.grant_type) return tokenError(400, 'invalid_request', 'Missing required parameter: grant_type');
    if (form.grant_type !== 'authorization_code') {
      return tokenError(400, 'unsupported_grant_type', `Unsupported grant_type: ${form.grant_type}`);
    }
    if (!form.code) return tokenError(400, 'invalid_request', 'Missing required parameter: code');
    const issued = codes.get(form.code);
    const effective = issued?.behaviour ?? behaviour;
    if (effective === 'server-error') return { status: 500, body: { error: 'internal_failure' } };
    if (effective === 'token-error') return tokenError(400, 'invalid_grant', 'Bad Request');
    if (!issued) return tokenError(400, 'invalid_grant', 'Malformed auth code.');
    if (issued.used) {
      for (const t of issued.accessTokens) accessTokens.delete(t);
      return tokenError(400, 'invalid_grant', 'Authorization code has already been used.');
    }
    if (Date.now() > issued.expiresAt) return tokenError(400, 'invalid_grant', 'Authorization code has expired.');
    if (issued.clientId !== client) return tokenError(400, 'invalid_grant', 'Code was issued to another client.');
    if (issued.redirectUri !== null && form.redirect_uri !== issued.redirectUri) {
      return tokenError(400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    if (!form.code_verifier) return tokenError(400, 'invalid_grant', 'Missing code verifier.');
    if (s256(form.code_verifier) !== issued.codeChallenge) {
      return tokenError(400, 'invalid_grant', 'Invalid code verifier.');
    }

    issued.used = true;
    const grant = {
      clientId: client,
      scopes: issued.scopes,
      user: issued.user,
      behaviour: issued.behaviour,
      family: randomToken(8),
    };
    const extra: Record<string, unknown> = {};
    if (issued.offline) {
      const refreshToken = randomToken(32);
      refreshTokens.set(refreshToken, grant);
      extra.refresh_token = refreshToken;
    }
    if (keys && issued.scopes.includes('openid')) extra.id_token = idToken(issued, keys.privateKey);
    const response = issueTokens(grant, extra);
    issued.accessTokens.push((response.body as { access_token: string }).access_token);
    return response;
  }

  function refresh(form: Record<string, string>, client: string): FakeResponse {
    const grant = form.refresh_token ? refreshTokens.get(form.refresh_token) : undefined;
    if (!grant) return tokenError(400, 'invalid_grant', 'Token has been expired or revoked.');
    const effective = grant.behaviour ?? behaviour;
    if (effective === 'server-error') return { status: 500, body: { error: 'internal_failure' } };
    if (effective === 'token-error') return tokenError(400, 'invalid_grant', 'Token has been expired or revoked.');
    if (grant.clientId !== client) return tokenError(400, 'invalid_grant', 'Token was issued to another client.');
    const extra: Record<string, unknown> = {};
    // X and Microsoft rotate refresh tokens on every use; Google keeps the same one.
    if (rotateRefreshTokens) {
      refreshTokens.delete(form.refresh_token!);
      const next = randomToken(32);
      refreshTokens.set(next, grant);
      extra.refresh_token = next;
    }
    return issueTokens(grant, extra);
  }

  /** Ends a consent: its refresh tokens and every access token minted under it. */
  function revokeFamily(family: string): void {
    for (const [t, g] of refreshTokens) if (g.family === family) refreshTokens.delete(t);
    for (const [t, g] of accessTokens) if (g.family === family) accessTokens.delete(t);
  }

  /**
   * Google's revocation endpoint (RFC 7009 style): `POST /revoke?token=…` or the token in a form body. Either
   * kind of token ends the whole grant. An unknown token answers 400 invalid_token, as Google does.
   */
  function revoke(request: RecordedRequest): FakeResponse {
    const form =
      typeof request.parsed === 'object' && request.parsed !== null && request.headers['content-type']?.includes('form')
        ? (request.parsed as Record<string, string>)
        : {};
    const value = request.query.get('token') ?? form.token;
    if (!value) return tokenError(400, 'invalid_request', 'Missing required parameter: token');
    const grant = refreshTokens.get(value) ?? accessTokens.get(value);
    if ((grant?.behaviour ?? behaviour) === 'revoke-error') {
      return { status: 500, body: { error: 'internal_failure', error_description: 'Backend Error' } };
    }
    if (!grant) return tokenError(400, 'invalid_token', 'Token expired or revoked');
    revokeFamily(grant.family);
    return { headers: { 'cache-control': 'no-store' }, body: {} };
  }

  function bearerGrant(request: RecordedRequest): Grant | undefined {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const grant = match ? accessTokens.get(match[1]!) : undefined;
    return grant && grant.expiresAt > Date.now() ? grant : undefined;
  }

  function googleUserinfo(request: RecordedRequest): FakeResponse {
    const grant = bearerGrant(request);
    if (!grant) {
      return {
        status: 401,
        headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        body: { error: 'invalid_request', error_description: 'Invalid Credentials' },
      };
    }
    if ((grant.behaviour ?? behaviour) === 'userinfo-error') {
      return {
        status: 500,
        body: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
      };
    }
    const account = grant.user;
    const name = splitName(account.name);
    // Like Google, each claim group appears only when its scope was granted.
    return {
      body: {
        sub: account.id,
        ...(grant.scopes.includes(googleScopeNames.profile!)
          ? {
              ...(account.name ? { name: account.name } : {}),
              ...(name.given ? { given_name: name.given } : {}),
              ...(name.family ? { family_name: name.family } : {}),
              ...(account.picture ? { picture: account.picture } : {}),
            }
          : {}),
        ...(grant.scopes.includes(googleScopeNames.email!) ? emailClaims(account) : {}),
      },
    };
  }

  /** Graph's OpenID userinfo: `sub` is the pairwise id; the claims follow the granted scopes. */
  function microsoftUserinfo(request: RecordedRequest): FakeResponse {
    const grant = bearerGrant(request);
    if (!grant) {
      return {
        status: 401,
        body: {
          error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired or is not yet valid.' },
        },
      };
    }
    if ((grant.behaviour ?? behaviour) === 'userinfo-error') {
      return { status: 500, body: { error: { code: 'generalException', message: 'General exception.' } } };
    }
    const account = grant.user;
    const name = splitName(account.name);
    return {
      body: {
        sub: createHash('sha256').update(`${grant.clientId}:${account.id}`).digest('base64url').slice(0, 43),
        ...(grant.scopes.includes('profile') && account.name
          ? { name: account.name, given_name: name.given, family_name: name.family }
          : {}),
        ...(grant.scopes.includes('email') && account.email ? { email: account.email } : {}),
      },
    };
  }

  function twitterUsersMe(request: RecordedRequest): FakeResponse {
    const grant = bearerGrant(request);
    if (!grant) {
      return { status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } };
    }
    if ((grant.behaviour ?? behaviour) === 'userinfo-error') {
      return {
        status: 500,
        body: { title: 'Internal Server Error', type: 'about:blank', status: 500, detail: 'Internal Server Error' },
      };
    }
    if (!grant.scopes.includes('users.read') || !grant.scopes.includes('tweet.read')) {
      return {
        status: 403,
        body: {
          title: 'Unsupported Authentication',
          type: 'https://api.twitter.com/2/problems/unsupported-authentication',
          status: 403,
          detail: 'GET /2/users/me needs the scopes tweet.read and users.read.',
        },
      };
    }
    const account = grant.user;
    const fields = (request.query.get('user.fields') ?? '').split(',');
    return {
      body: {
        data: {
          id: account.id,
          name: account.name ?? account.username ?? account.id,
          username: account.username ?? `user${account.id}`,
          ...(fields.includes('profile_image_url') && account.picture ? { profile_image_url: account.picture } : {}),
        },
      },
    };
  }

  function readJson(request: RecordedRequest): Record<string, unknown> | undefined {
    try {
      const value = JSON.parse(request.body) as unknown;
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  const setUser = (next: FakeOAuthUser) => {
    if (typeof next?.id !== 'string' || !next.id) throw new Error('A fake OAuth user needs a string id');
    user = { ...next };
  };
  const setBehaviour = (next: FakeOAuthBehaviour) => {
    if (!fakeOAuthBehaviours.includes(next)) throw new Error(`Unknown fake OAuth behaviour: ${String(next)}`);
    behaviour = next;
  };

  const userinfoHandlers: Record<FakeOAuthKind, (request: RecordedRequest) => FakeResponse> = {
    google: googleUserinfo,
    twitter: twitterUsersMe,
    microsoft: microsoftUserinfo,
  };
  const routes: Record<string, (request: RecordedRequest) => FakeResponse> = {
    [`GET ${path.authorize}`]: authorize,
    [`POST ${path.token}`]: token,
    'POST /__control/behaviour': (request) => {
      const value = readJson(request)?.behaviour;
      if (!fakeOAuthBehaviours.includes(value as FakeOAuthBehaviour)) {
        return { status: 400, body: { error: `behaviour must be one of ${fakeOAuthBehaviours.join(', ')}` } };
      }
      setBehaviour(value as FakeOAuthBehaviour);
      return { status: 204 };
    },
    'POST /__control/user': (request) => {
      const value = readJson(request);
      if (typeof value?.id !== 'string' || !value.id) return { status: 400, body: { error: 'user needs a string id' } };
      setUser(value as unknown as FakeOAuthUser);
      return { status: 204 };
    },
  };
  for (const userinfoPath of path.userinfo) {
    routes[`GET ${userinfoPath}`] = userinfoHandlers[kind];
  }
  if (path.revoke) routes[`POST ${path.revoke}`] = revoke;
  if (kind === 'microsoft' && keys) {
    const jwk = keys.publicKey.export({ format: 'jwk' });
    routes['GET /common/discovery/v2.0/keys'] = () => ({ body: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] } });
  }
  if (kind === 'google' && keys) {
    const jwk = keys.publicKey.export({ format: 'jwk' });
    routes['GET /oauth2/v3/certs'] = () => ({ body: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] } });
    routes['GET /.well-known/openid-configuration'] = () => ({
      body: {
        issuer: 'https://accounts.google.com',
        authorization_endpoint: `${baseUrl}${path.authorize}`,
        token_endpoint: `${baseUrl}${path.token}`,
        userinfo_endpoint: `${baseUrl}${path.userinfo[0]}`,
        jwks_uri: `${baseUrl}/oauth2/v3/certs`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        id_token_signing_alg_values_supported: ['RS256'],
      },
    });
  }

  const server = await startFakeServer(routes);
  baseUrl = server.url;

  return {
    kind,
    url: server.url,
    clientId,
    clientSecret,
    endpoints: {
      authorize: `${server.url}${path.authorize}`,
      token: `${server.url}${path.token}`,
      userinfo: `${server.url}${path.userinfo[0]}`,
      revoke: path.revoke ? `${server.url}${path.revoke}` : null,
    },
    requests: server.requests,
    requestsTo: server.requestsTo,
    setUser,
    setBehaviour,
    isValidAccessToken: (value) => {
      const grant = accessTokens.get(value);
      return grant !== undefined && grant.expiresAt > Date.now();
    },
    expireAccessTokens: () => {
      const past = Date.now() - 1;
      for (const grant of accessTokens.values()) grant.expiresAt = past;
    },
    isValidRefreshToken: (value) => refreshTokens.has(value),
    revokeAll: () => {
      refreshTokens.clear();
      accessTokens.clear();
    },
    close: server.close,
  };
}
