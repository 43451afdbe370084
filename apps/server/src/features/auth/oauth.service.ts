import { displayName, type AuthProvider, type OAuthFailure } from '@bookshelf/contract';
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import type { OAuthConfig } from '../../config.js';
import type { Principal } from '../../platform/authentication.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { PublishEvent } from '../../platform/jobs/outbox.js';
import { safeEqual } from '../../platform/secrets.js';
import { PROVIDERS, withBaseUrl, type ProviderProfile } from './oauth-providers.js';
import type { IdentitiesRepository, UsersRepository } from './users.repository.js';

const PROVIDER_TIMEOUT_MS = 10_000;
const MAX_USERINFO_BYTES = 256 * 1024;

/** What the browser keeps between the redirect to the provider and the way back (an httpOnly cookie). */
export interface PendingSignIn {
  provider: AuthProvider;
  state: string;
  codeVerifier: string;
}

export type OAuthOutcome =
  { kind: 'signed-in'; userId: string } | { kind: 'linked'; userId: string } | { kind: 'failed'; reason: OAuthFailure };

export interface OAuthLogger {
  warn(obj: object, msg: string): void;
}

export const encodePending = (p: PendingSignIn) => `${p.provider}.${p.state}.${p.codeVerifier}`;
export function decodePending(value: string | undefined): PendingSignIn | null {
  const [provider, state, codeVerifier, ...rest] = value?.split('.') ?? [];
  if (rest.length || !state || !codeVerifier || (provider !== 'google' && provider !== 'twitter')) return null;
  return { provider, state, codeVerifier };
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out`)), PROVIDER_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createOAuthService(deps: {
  config: OAuthConfig;
  users: UsersRepository;
  identities: IdentitiesRepository;
  /** The outbox: 'user.registered' is written once the account and its identity are in. */
  db: Database;
  publish: PublishEvent;
  log: OAuthLogger;
}) {
  const { config, users, identities, db, publish, log } = deps;

  const client = (provider: AuthProvider, redirectUri: string) => {
    const settings = config[provider];
    return settings
      ? { settings, oauth: new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri) }
      : null;
  };

  async function fetchProfile(provider: AuthProvider, accessToken: string, baseUrl: string | undefined) {
    const spec = PROVIDERS[provider];
    const res = await fetch(withBaseUrl(spec.userinfoUrl, baseUrl), {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_USERINFO_BYTES) throw new Error('userinfo answer too large');
    return spec.parseProfile(JSON.parse(text));
  }

  /** First sign-in with this identity: a new account, unless its verified e-mail already has one. */
  async function createAccount(provider: AuthProvider, profile: ProviderProfile): Promise<OAuthOutcome> {
    // Never attach a provider identity to an existing account by e-mail: the owner links it while signed in.
    if (profile.verifiedEmail && (await users.findByEmail(profile.verifiedEmail))) {
      return { kind: 'failed', reason: 'email_in_use' };
    }
    const user = await users.insert({
      name: displayName(profile.name, profile.verifiedEmail),
      email: profile.verifiedEmail,
      image: profile.image,
    });
    if (!user) return { kind: 'failed', reason: 'email_in_use' };
    const linked = await identities.insert({
      userId: user.id,
      provider,
      providerId: profile.providerId,
      email: profile.verifiedEmail,
    });
    if (!linked) {
      // The same provider account signed in twice at once and the other request won: use its user.
      await users.delete(user.id);
      const winner = await identities.findByProviderId(provider, profile.providerId);
      return winner ? { kind: 'signed-in', userId: winner.userId } : { kind: 'failed', reason: 'unknown' };
    }
    await inTransaction(db, (tx) => publish(tx, 'user.registered', { userId: user.id }));
    return { kind: 'signed-in', userId: user.id };
  }

  return {
    configuredProviders(): AuthProvider[] {
      return (Object.keys(PROVIDERS) as AuthProvider[]).filter((p) => config[p]);
    },

    /** The provider's authorize URL with state and PKCE (S256), or null when it is not configured. */
    start(provider: AuthProvider, redirectUri: string): { url: string; pending: PendingSignIn } | null {
      const c = client(provider, redirectUri);
      if (!c) return null;
      const spec = PROVIDERS[provider];
      const pending = { provider, state: generateState(), codeVerifier: generateCodeVerifier() };
      const url = c.oauth.createAuthorizationURLWithPKCE(
        withBaseUrl(spec.authorizeUrl, c.settings.baseUrl),
        pending.state,
        CodeChallengeMethod.S256,
        pending.codeVerifier,
        spec.scopes,
      );
      for (const [key, value] of Object.entries(spec.params)) url.searchParams.set(key, value);
      return { url: url.toString(), pending };
    },

    async finish(input: {
      provider: AuthProvider;
      redirectUri: string;
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined };
      pending: PendingSignIn | null;
      /** A signed-in browser session makes this a link of the identity to that account. */
      principal: Principal | null;
    }): Promise<OAuthOutcome> {
      const { provider, query, pending } = input;
      const c = client(provider, input.redirectUri);
      if (!c) return { kind: 'failed', reason: 'not_configured' };
      if (!pending || pending.provider !== provider || !query.state || !safeEqual(pending.state, query.state)) {
        return { kind: 'failed', reason: 'invalid_state' };
      }
      if (query.error)
        return { kind: 'failed', reason: query.error === 'access_denied' ? 'access_denied' : 'provider_error' };
      if (!query.code) return { kind: 'failed', reason: 'provider_error' };

      let accessToken: string;
      try {
        const tokens = await withTimeout(
          c.oauth.validateAuthorizationCode(
            withBaseUrl(PROVIDERS[provider].tokenUrl, c.settings.baseUrl),
            query.code,
            pending.codeVerifier,
          ),
          'token exchange',
        );
        accessToken = tokens.accessToken();
      } catch (err) {
        log.warn({ err, provider }, 'OAuth token exchange failed');
        return { kind: 'failed', reason: 'provider_error' };
      }

      let profile: ProviderProfile | null;
      try {
        profile = await fetchProfile(provider, accessToken, c.settings.baseUrl);
      } catch (err) {
        log.warn({ err, provider }, 'OAuth userinfo request failed');
        return { kind: 'failed', reason: 'no_user_data' };
      }
      if (!profile) return { kind: 'failed', reason: 'no_user_data' };

      const existing = await identities.findByProviderId(provider, profile.providerId);
      const linkTo = input.principal?.via === 'session' ? input.principal.userId : undefined;
      if (linkTo) {
        if (existing) {
          return existing.userId === linkTo
            ? { kind: 'linked', userId: linkTo }
            : { kind: 'failed', reason: 'already_linked' };
        }
        const linked = await identities.insert({
          userId: linkTo,
          provider,
          providerId: profile.providerId,
          email: profile.verifiedEmail,
        });
        return linked ? { kind: 'linked', userId: linkTo } : { kind: 'failed', reason: 'already_linked' };
      }
      if (existing) {
        if (existing.email !== profile.verifiedEmail) await identities.updateEmail(existing.id, profile.verifiedEmail);
        return { kind: 'signed-in', userId: existing.userId };
      }
      return createAccount(provider, profile);
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
