import type { SessionProvider } from '@bookshelf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, type Principal } from '../../platform/authentication.js';
import { hashSecret } from '../../platform/secrets.js';
import type { ApiTokensService } from './api-tokens.service.js';
import type { OpenedSession, Resolved, SessionsService } from './sessions.service.js';

/** The session cookie's name; behind https it takes the __Host- prefix (see below). */
export const sessionCookieName = (https: boolean) => (https ? '__Host-bookshelf_session' : 'bookshelf_session');

/**
 * The session cookie. Behind https it takes the __Host- prefix, which browsers accept only with Secure,
 * Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export function createSessionCookies(options: {
  https: boolean;
  sessions: SessionsService;
  apiTokens: ApiTokensService;
}) {
  const { https, sessions, apiTokens } = options;
  const name = sessionCookieName(https);
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: https };

  const write = (reply: FastifyReply, opened: OpenedSession) =>
    // Without "Remember me" the cookie has no expiry, so the browser drops it when it closes.
    reply.setCookie(name, opened.token, opened.persistent ? { ...base, expires: opened.expiresAt } : base);

  const clear = (reply: FastifyReply) => reply.clearCookie(name, base);

  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    options: { persistent: boolean; provider: SessionProvider },
  ) {
    const previous = request.cookies[name];
    if (previous) await sessions.close(hashSecret(previous));
    const opened = await sessions.open({
      userId,
      ...options,
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    write(reply, opened);
  }

  return {
    name,

    /** The authenticate function of platform/authentication.ts: a bearer token first, else the cookie. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Principal | null | Promise<Principal | null> {
      const bearer = bearerToken(request);
      if (bearer) return apiTokens.resolve(bearer);
      const token = request.cookies[name];
      if (!token) return null;
      const finish = (resolved: Resolved | null) => {
        if (!resolved) {
          clear(reply);
          return null;
        }
        if (resolved.renewed) write(reply, resolved.renewed);
        return resolved.principal;
      };
      // A cached session comes back without a promise (sessions.service.ts).
      const resolved = sessions.resolve(token);
      return resolved instanceof Promise ? resolved.then(finish) : finish(resolved);
    },

    /**
     * Opens a fresh session (a new id at every sign-in, so a planted cookie is never promoted) and ends
     * the one the browser had before.
     */
    signIn,

    async signOut(request: FastifyRequest, reply: FastifyReply) {
      const token = request.cookies[name];
      if (token) await sessions.close(hashSecret(token));
      clear(reply);
    },
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;
