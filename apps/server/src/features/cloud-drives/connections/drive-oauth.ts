import { CLOUD_PROVIDERS, type CloudProvider } from '@bookshelf/contract';
import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { z } from 'zod';
import { createHttpClient, type HttpClient } from '../../../platform/outbound-http/client.js';
import { OutboundHttpError } from '../../../platform/outbound-http/errors.js';
import type { CloudDrivesConfig, DriveOAuthClient } from '../cloud-drives.deps.js';
import {
  DRIVE_OAUTH,
  driveOAuthHosts,
  idTokenClaims,
  type DriveAccount,
  type DriveOAuthSpec,
} from './drive-oauth-specs.js';

/** What a token endpoint answered (RFC 6749 §5.1). */
export interface TokenSet {
  accessToken: string;
  /** Absent when the provider keeps the one it gave before (Google on a refresh). */
  refreshToken: string | null;
  /** Seconds; null when the provider did not say. */
  expiresIn: number | null;
  idToken: string | null;
}

const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().int().positive().optional().catch(undefined),
  id_token: z.string().min(1).optional(),
});

/** RFC 6749 §2.3.1: the id and the secret are form-encoded before they are joined for Basic authentication. */
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

export interface ProviderOAuth {
  provider: CloudProvider;
  spec: DriveOAuthSpec;
  /** The authorize URL with state, PKCE (S256), the drive scopes and the provider's extra parameters. */
  authorizeUrl(input: { state: string; codeVerifier: string; redirectUri: string }): string;
  /** The authorization-code exchange (with the verifier and the same redirect URI). Sent once: a code is single-use. */
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet>;
  /** A refresh-token grant. Sent once: a provider that rotates refresh tokens retires the old one on use. */
  refresh(refreshToken: string): Promise<TokenSet>;
  /** The account the tokens are for, from the id_token, else (Google) the userinfo endpoint. */
  account(tokens: TokenSet): Promise<DriveAccount | null>;
  /**
   * Revokes the grant at the provider; false when it failed. A provider without a revocation endpoint
   * (Microsoft) has nothing to do: true.
   */
  revoke(token: string): Promise<boolean>;
}

export interface DriveOAuth {
  /** The provider's OAuth, or undefined when its client is not configured. */
  get(provider: CloudProvider): ProviderOAuth | undefined;
  configured(provider: CloudProvider): boolean;
  close(): Promise<void>;
}

const clientSettings = (config: CloudDrivesConfig, provider: CloudProvider): DriveOAuthClient | undefined =>
  provider === 'google' ? config.google : config.microsoft;

function providerOAuth(
  provider: CloudProvider,
  settings: DriveOAuthClient,
  http: HttpClient,
  onRevokeFailure: (err: unknown) => void,
): ProviderOAuth {
  const spec = DRIVE_OAUTH[provider];
  const auth = basic(settings.clientId, settings.clientSecret);

  async function tokenRequest(form: Record<string, string>): Promise<TokenSet> {
    const res = await http.request(http.url(spec.tokenUrl), {
      method: 'POST',
      headers: { authorization: auth, accept: 'application/json' },
      body: new URLSearchParams(form),
      retry: false,
    });
    const parsed = TokenResponse.safeParse(res.json());
    if (!parsed.success || parsed.data.token_type.toLowerCase() !== 'bearer') {
      throw new OutboundHttpError('upstream-status', `${http.name}: the token answer has no bearer access token`, {
        status: res.status,
      });
    }
    const t = parsed.data;
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      expiresIn: t.expires_in ?? null,
      idToken: t.id_token ?? null,
    };
  }

  return {
    provider,
    spec,
    authorizeUrl({ state, codeVerifier, redirectUri }) {
      // arctic builds the URL; its own token requests use the global fetch, so those go through our client.
      const oauth = new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri);
      const url = oauth.createAuthorizationURLWithPKCE(
        http.url(spec.authorizeUrl),
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        spec.scopes,
      );
      for (const [key, value] of Object.entries(spec.params)) url.searchParams.set(key, value);
      return url.toString();
    },
    exchangeCode: ({ code, codeVerifier, redirectUri }) =>
      tokenRequest({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }),
    refresh: (refreshToken) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async account(tokens) {
      const claims = idTokenClaims(tokens.idToken ?? undefined, settings.clientId);
      const fromClaims = claims ? spec.parseAccount(claims) : null;
      if (fromClaims || !spec.userinfoUrl) return fromClaims;
      const res = await http.request(http.url(spec.userinfoUrl), {
        headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' },
      });
      return spec.parseAccount(res.json());
    },
    async revoke(token) {
      if (!spec.revokeUrl) return true;
      try {
        await http.request(http.url(spec.revokeUrl), {
          method: 'POST',
          headers: { accept: 'application/json' },
          body: new URLSearchParams({ token }),
          retry: true,
        });
        return true;
      } catch (err) {
        onRevokeFailure(err);
        return false;
      }
    },
  };
}

/**
 * The drives' OAuth clients (decision 048): one outbound client per configured provider, on its real auth
 * hosts plus the base-URL override's. Connecting waits on these calls, so retries are few and short.
 */
export function createDriveOAuth(config: CloudDrivesConfig, log: { warn(obj: object, msg: string): void }): DriveOAuth {
  const clients = new Map<CloudProvider, { http: HttpClient; oauth: ProviderOAuth }>();
  for (const provider of CLOUD_PROVIDERS) {
    const settings = clientSettings(config, provider);
    if (!settings) continue;
    const http = createHttpClient({
      name: `${provider}-drive-oauth`,
      hosts: driveOAuthHosts(DRIVE_OAUTH[provider]),
      baseUrl: settings.authBaseUrl,
      allowPrivateAddresses: config.allowPrivateAddresses ?? false,
      timeoutMs: 10_000,
      maxBytes: 256 * 1024,
      retry: { attempts: 2, baseDelayMs: 250, jitterMs: 250 },
    });
    const oauth = providerOAuth(provider, settings, http, (err) =>
      log.warn({ err, provider }, 'revoking a drive grant failed'),
    );
    clients.set(provider, { http, oauth });
  }
  return {
    get: (provider) => clients.get(provider)?.oauth,
    configured: (provider) => clients.has(provider),
    close: async () => {
      await Promise.all([...clients.values()].map((c) => c.http.close()));
    },
  };
}
