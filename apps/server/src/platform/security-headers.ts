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

/**
 * Of the security headers, those a browser applies to a subresource (a script, a style sheet, a font, a
 * picture a page loads): nosniff (a script or style sheet must come with its own type) and the
 * Cross-Origin-Resource-Policy (which other sites may load it). The rest only act on a document or a worker —
 * the Content-Security-Policy, the opener, frame, agent-cluster, DNS-prefetch, download, cross-domain, XSS and
 * referrer policies, HSTS (which every page's own answer brings) — and a page's own answer carries them.
 */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy'];

export function subresourceHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(SUBRESOURCE_HEADERS.flatMap((name) => (headers[name] ? [[name, headers[name]]] : [])));
}

/**
 * Sets the headers on every answer, before any route or hook may override one (the API docs' own CSP). A route
 * declared with `config: { subresource: true }` (the built app's hashed scripts and style sheets) gets only
 * the subresource headers: the full set was about 700 of each such answer's 1,100 header bytes, on every
 * chunk of every first load (decision 030's amendment).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  const { 'cross-origin-opener-policy': _opener, ...popupHeaders } = headers;
  const subresource = subresourceHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.subresource === true) reply.headers(subresource);
    // A drive's OAuth popup comes back here from the provider's origin and must still reach the page that
    // opened it (core.md §4): any Cross-Origin-Opener-Policy on this page would cut it off from its opener.
    else reply.headers(request.url.startsWith(OAUTH_POPUP_PREFIX) ? popupHeaders : headers);
    done();
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers only what a page loads, never a document or a worker: gets the subresource headers alone. */
    subresource?: boolean;
  }
}

/** Where providers send a drive's connect popup back to (core.md §2 `/oauth/callback/{provider}`). */
const OAUTH_POPUP_PREFIX = '/oauth/callback/';
