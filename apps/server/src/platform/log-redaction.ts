import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: OAuth codes and states, reset and share tokens. */
const SECRET_PARAMS = /([?&](?:code|state|token|access_token|refresh_token)=)[^&#]*/gi;

/**
 * Path segments that are a secret: a shared wishlist's token, in its API path and in its web page's
 * (`wishlistPaths.shared`, `sharedWishlistPagePath`). Anyone holding the link sees the list.
 */
const SECRET_SEGMENTS = /^((?:\/api\/wishlist\/shared|\/wishlist)\/)[^/?#]+/i;

/** A URL as logs may keep it: what a secret parameter or segment held is replaced, the rest left for debugging. */
export const redactUrl = (url: string) =>
  url.replace(SECRET_SEGMENTS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');

/**
 * The request as each log line shows it (Fastify's own fields), with secrets out of the URL: a drive's OAuth
 * popup returns to `/oauth/callback/google?code=…&state=…`, a reset link carries `?token=…`.
 */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
