import type { AuthProvider } from '@bookshelf/contract';
import { z } from 'zod';
import { createHttpClient, type HttpClient } from '../../platform/outbound-http/client.js';
import { OutboundHttpError } from '../../platform/outbound-http/errors.js';
import { PROVIDERS, providerHosts } from './oauth-providers.js';

/**
 * A provider's outbound client: its real hosts, plus the base-URL override's host (GOOGLE_OAUTH_BASE_URL,
 * TWITTER_BASE_URL) when one is configured. Sign-in waits on these calls, so retries are few and short.
 */
export function createProviderClient(provider: AuthProvider, baseUrl: string | undefined): HttpClient {
  return createHttpClient({
    name: `${provider}-oauth`,
    hosts: providerHosts(PROVIDERS[provider]),
    baseUrl,
    timeoutMs: 10_000,
    maxBytes: 256 * 1024,
    retry: { attempts: 2, baseDelayMs: 250, jitterMs: 250 },
  });
}

const TokenResponse = z.object({ access_token: z.string().min(1), token_type: z.string() });

/** RFC 6749 §2.3.1: the id and the secret are form-encoded before they are joined for Basic authentication. */
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/**
 * The authorization-code exchange (RFC 6749 §4.1.3 with PKCE, RFC 7636 §4.5): a form-encoded POST with the
 * client authenticated by HTTP Basic, as both Google and X accept. Sent once, never retried: a code is single-use.
 */
export async function exchangeCode(
  http: HttpClient,
  tokenUrl: string,
  grant: { clientId: string; clientSecret: string; redirectUri: string; code: string; codeVerifier: string },
): Promise<string> {
  const res = await http.request(http.url(tokenUrl), {
    method: 'POST',
    headers: { authorization: basic(grant.clientId, grant.clientSecret), accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: grant.redirectUri,
      code_verifier: grant.codeVerifier,
    }),
    retry: false,
  });
  const parsed = TokenResponse.safeParse(res.json());
  if (!parsed.success || parsed.data.token_type.toLowerCase() !== 'bearer') {
    throw new OutboundHttpError('upstream-status', `${http.name}: the token answer has no bearer access token`, {
      status: res.status,
    });
  }
  return parsed.data.access_token;
}

/** The signed-in person's profile as the provider's JSON; the provider spec normalises it. */
export async function fetchUserinfo(http: HttpClient, userinfoUrl: string, accessToken: string): Promise<unknown> {
  const res = await http.request(http.url(userinfoUrl), {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  return res.json();
}
