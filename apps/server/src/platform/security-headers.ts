import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (CSP, HSTS behind https, nosniff, frame and referrer policies…), as
 * helmet writes them. @fastify/helmet built a helmet middleware on every request, parsing the CSP directives
 * each time (4% of a loaded server's CPU); these headers do not depend on the request, so helmet runs once here,
 * against a stand-in response that records them, and every answer gets the same values in one call.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet failed');
  });
  return headers;
}

/** Sets the headers on every answer, before any route or hook may override one (the API docs' own CSP). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  const { 'cross-origin-opener-policy': _opener, ...popupHeaders } = headers;
  app.addHook('onRequest', (request, reply, done) => {
    // A drive's OAuth popup comes back here from the provider's origin and must still reach the page that
    // opened it (core.md §4): any Cross-Origin-Opener-Policy on this page would cut it off from its opener.
    reply.headers(request.url.startsWith(OAUTH_POPUP_PREFIX) ? popupHeaders : headers);
    done();
  });
}

/** Where providers send a drive's connect popup back to (core.md §2 `/oauth/callback/{provider}`). */
const OAUTH_POPUP_PREFIX = '/oauth/callback/';
