import { isStorableText, type AuthProvider } from '@bookshelf/contract';
import { z } from 'zod';

/** What a provider tells us about the person, normalised. */
export interface ProviderProfile {
  providerId: string;
  /** Only an address the provider says it verified; anything else is dropped (SECURITY.md: OAuth takeover). */
  verifiedEmail: string | null;
  name: string | null;
  image: string | null;
}

export interface ProviderSpec {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string[];
  /** Extra authorize parameters. */
  params: Record<string, string>;
  parseProfile(json: unknown): ProviderProfile | null;
}

/**
 * A profile is input like any request: text the database cannot store (a NUL, a lone surrogate) never gets
 * there. Without a storable id there is no profile; any other such field counts as not given.
 */
const storable = z.string().refine(isStorableText);
const optionalStorable = storable.optional().catch(undefined);
const httpUrl = storable.regex(/^https?:\/\//i);

const GoogleUserinfo = z.object({
  sub: storable.min(1),
  email: optionalStorable,
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: optionalStorable,
  picture: httpUrl.optional().catch(undefined),
});

const TwitterUser = z.object({
  data: z.object({
    id: storable.min(1),
    name: optionalStorable,
    username: optionalStorable,
    profile_image_url: httpUrl.optional().catch(undefined),
  }),
});

/**
 * The real endpoints. A base-URL override (GOOGLE_OAUTH_BASE_URL, TWITTER_BASE_URL) replaces the scheme
 * and host of each and keeps the path, so one fake server can stand in for every host of a provider.
 */
export const PROVIDERS: Record<AuthProvider, ProviderSpec> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    // The spec's sign-in asks for offline access with forced consent.
    params: { access_type: 'offline', prompt: 'consent' },
    parseProfile(json) {
      const parsed = GoogleUserinfo.safeParse(json);
      if (!parsed.success) return null;
      const { sub, email, email_verified, name, picture } = parsed.data;
      const verified = email_verified === true || email_verified === 'true';
      return {
        providerId: sub,
        verifiedEmail: email && verified ? email.trim().toLowerCase() : null,
        name: name ?? null,
        image: picture ?? null,
      };
    },
  },
  twitter: {
    authorizeUrl: 'https://twitter.com/i/oauth2/authorize',
    tokenUrl: 'https://api.twitter.com/2/oauth2/token',
    userinfoUrl: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url',
    scopes: ['users.read', 'tweet.read'],
    params: {},
    parseProfile(json) {
      const parsed = TwitterUser.safeParse(json);
      if (!parsed.success) return null;
      const { id, name, username, profile_image_url } = parsed.data.data;
      // X shares no e-mail address with apps by default.
      return { providerId: id, verifiedEmail: null, name: name ?? username ?? null, image: profile_image_url ?? null };
    },
  },
};

/** Every host a provider's endpoints live on: its outbound client's allow-list. */
export const providerHosts = (spec: ProviderSpec) =>
  [spec.authorizeUrl, spec.tokenUrl, spec.userinfoUrl].map((url) => new URL(url).host);
