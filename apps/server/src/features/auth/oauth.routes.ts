import { AUTH_PROVIDERS, textInput, type AuthProvider } from '@bookshelf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { decodePending, encodePending, type OAuthService } from './oauth.service.js';
import type { SessionCookies } from './session-cookie.js';

export interface OAuthRoutesDeps {
  oauth: OAuthService;
  cookies: SessionCookies;
  https: boolean;
}

const PENDING_COOKIE = 'bookshelf_oauth';
const PENDING_MAX_AGE_S = 600;
const tags = ['auth'];
const ProviderParams = z.object({ provider: z.enum(AUTH_PROVIDERS) });
const CallbackQuery = z.object({
  code: zm.optional(textInput().check(zm.maxLength(2048))),
  state: zm.optional(textInput().check(zm.maxLength(512))),
  error: zm.optional(textInput().check(zm.maxLength(256))),
});

/** Where the browser lands afterwards: the web app's /auth/callback page reads success or error. */
const landing = (outcome: string) =>
  outcome === 'success' ? '/auth/callback?success=true' : `/auth/callback?error=${encodeURIComponent(outcome)}`;

export function oauthRoutes({ oauth, cookies, https }: OAuthRoutesDeps): FastifyPluginAsyncZod {
  // PUBLIC_URL, or the request's origin when its Host is one the server knows (platform/own-origin.ts).
  const redirectUri = (request: FastifyRequest, provider: AuthProvider) =>
    `${request.ownOrigin()}/api/auth/${provider}/callback`;
  // SameSite=Lax: sent on the provider's top-level redirect back to us, never on a cross-site subrequest.
  const pendingCookie = { path: '/api/auth', httpOnly: true, sameSite: 'lax' as const, secure: https };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  return async (app) => {
    app.get(
      '/api/auth/:provider',
      {
        // Sign-in starts signed out; a signed-in caller links the identity instead.
        config: { anonymous: true },
        schema: {
          tags,
          summary: 'Start social sign-in (a browser navigation; redirects to the provider)',
          params: ProviderParams,
        },
      },
      async (request, reply) => {
        noStore(reply);
        const started = oauth.start(request.params.provider, redirectUri(request, request.params.provider));
        if (!started) return reply.redirect(landing('not_configured'));
        reply.setCookie(PENDING_COOKIE, encodePending(started.pending), {
          ...pendingCookie,
          maxAge: PENDING_MAX_AGE_S,
        });
        return reply.redirect(started.url);
      },
    );

    app.get(
      '/api/auth/:provider/callback',
      {
        config: { anonymous: true },
        schema: {
          tags,
          summary: "The provider's redirect back; signs in (or links) and redirects to /auth/callback",
          params: ProviderParams,
          querystring: CallbackQuery,
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { provider } = request.params;
        const pending = decodePending(request.cookies[PENDING_COOKIE]);
        // One use only: the state and verifier are worthless once this request has read them.
        reply.clearCookie(PENDING_COOKIE, pendingCookie);
        const outcome = await oauth.finish({
          provider,
          redirectUri: redirectUri(request, provider),
          query: request.query,
          pending,
          principal: request.principal,
        });
        if (outcome.kind === 'failed') return reply.redirect(landing(outcome.reason));
        if (outcome.kind === 'signed-in') {
          await cookies.signIn(request, reply, outcome.userId, { persistent: true, provider });
        }
        return reply.redirect(landing('success'));
      },
    );
  };
}
