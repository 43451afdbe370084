import { isStorableText, type CloudProvider } from '@bookshelf/contract';
import { decodeIdToken } from 'arctic';
import { z } from 'zod';

/** The drive account a connection is for, as the provider names it. */
export interface DriveAccount {
  /** Google `sub`, Microsoft `oid`: the key a reconnect of the same account is matched on. */
  externalId: string;
  name: string | null;
  email: string | null;
}

export interface DriveOAuthSpec {
  label: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Google's revocation endpoint; Microsoft has none (removing a connection only deletes our tokens). */
  revokeUrl: string | null;
  /** An OpenID userinfo endpoint, asked only when the token answer carries no usable id_token. */
  userinfoUrl: string | null;
  scopes: string[];
  /** Extra authorize parameters. */
  params: Record<string, string>;
  /** The account from the id_token's claims or the userinfo answer; null when it names none. */
  parseAccount(claims: unknown): DriveAccount | null;
}

/** Provider text is input like any other: what the database cannot store counts as not given. */
const storable = z.string().refine(isStorableText);
const optional = storable.optional().catch(undefined);
const looksLikeEmail = (value: string | undefined) => (value && /^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined);

const GoogleClaims = z.object({ sub: storable.min(1), email: optional, name: optional });
const MicrosoftClaims = z.object({
  oid: storable.min(1),
  name: optional,
  preferred_username: optional,
  email: optional,
});

/**
 * The real endpoints (core.md §4 "Drive connect flow", decision 048). Base-URL overrides (GOOGLE_OAUTH_BASE_URL,
 * MICROSOFT_LOGIN_BASE_URL) replace scheme and host and keep the path (DESIGN.md).
 */
export const DRIVE_OAUTH: Record<CloudProvider, DriveOAuthSpec> = {
  google: {
    label: 'Google Drive',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/drive.readonly'],
    // A refresh token is only issued with offline access, and again on a reconnect only with forced consent.
    params: { access_type: 'offline', prompt: 'consent' },
    parseAccount(claims) {
      const parsed = GoogleClaims.safeParse(claims);
      if (!parsed.success) return null;
      const { sub, email, name } = parsed.data;
      return { externalId: sub, name: name ?? null, email: looksLikeEmail(email) ?? null };
    },
  },
  onedrive: {
    label: 'OneDrive',
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    revokeUrl: null,
    userinfoUrl: null,
    scopes: ['openid', 'profile', 'email', 'offline_access', 'Files.Read'],
    params: {},
    parseAccount(claims) {
      const parsed = MicrosoftClaims.safeParse(claims);
      if (!parsed.success) return null;
      const { oid, name, preferred_username, email } = parsed.data;
      return {
        externalId: oid,
        name: name ?? null,
        email: looksLikeEmail(email) ?? looksLikeEmail(preferred_username) ?? null,
      };
    },
  },
};

/** Every host a provider's auth endpoints live on: its outbound client's allow-list. */
export const driveOAuthHosts = (spec: DriveOAuthSpec) =>
  [spec.authorizeUrl, spec.tokenUrl, spec.revokeUrl, spec.userinfoUrl]
    .filter((url): url is string => url !== null)
    .map((url) => new URL(url).host);

/**
 * The claims of an id_token that came straight from the provider's token endpoint over the outbound client:
 * OpenID Connect Core §3.1.3.7 lets TLS stand in for the signature there. Its audience must still be us.
 */
export function idTokenClaims(idToken: string | undefined, clientId: string): Record<string, unknown> | null {
  if (!idToken) return null;
  try {
    const claims = decodeIdToken(idToken) as Record<string, unknown>;
    const aud = claims.aud;
    const forUs = aud === clientId || (Array.isArray(aud) && aud.includes(clientId));
    return forUs ? claims : null;
  } catch {
    return null;
  }
}
