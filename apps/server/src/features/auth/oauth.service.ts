import { displayName, type AuthProvider, type OAuthFailure } from '@bookshelf/contract';
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import type { OAuthConfig } from '../../config.js';
import type { Principal } from '../../platform/authentication.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { PublishEvent } from '../../platform/jobs/outbox.js';
import { safeEqual } from '../../platform/secrets.js';
import { createProviderClient, exchangeCode, fetchUserinfo } from './oauth-http.js';
import { PROVIDERS, type ProviderProfile } from './oauth-providers.js';
import type { IdentitiesRepository, UsersRepository } from './users.repository.js';

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

  // One outbound client per configured provider: its hosts, and its base-URL override when set.
  const http = new Map(
    (Object.keys(PROVIDERS) as AuthProvider[]).flatMap((p) => {
      const settings = config[p];
      return settings ? [[p, createProviderClient(p, settings.baseUrl)] as const] : [];
    }),
  );

  // arctic builds the authorize URL (state, PKCE); its token request uses the global fetch, so the exchange
  // itself goes through our client (oauth-http.ts).
  const client = (provider: AuthProvider, redirectUri: string) => {
    const settings = config[provider];
    const outbound = http.get(provider);
    return settings && outbound
      ? { settings, http: outbound, oauth: new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri) }
      : null;
  };

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
        c.http.url(spec.authorizeUrl),
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
        accessToken = await exchangeCode(c.http, PROVIDERS[provider].tokenUrl, {
          clientId: c.settings.clientId,
          clientSecret: c.settings.clientSecret,
          redirectUri: input.redirectUri,
          code: query.code,
          codeVerifier: pending.codeVerifier,
        });
      } catch (err) {
        log.warn({ err, provider }, 'OAuth token exchange failed');
        return { kind: 'failed', reason: 'provider_error' };
      }

      let profile: ProviderProfile | null;
      try {
        profile = PROVIDERS[provider].parseProfile(
          await fetchUserinfo(c.http, PROVIDERS[provider].userinfoUrl, accessToken),
        );
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

    /** Releases the providers' outbound connections (at shutdown). */
    async close(): Promise<void> {
      await Promise.all([...http.values()].map((h) => h.close()));
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
