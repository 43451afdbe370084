import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: OAuth codes and states, reset and share tokens. */
const SECRET_PARAMS = /([?&](?:code|state|token|access_token|refresh_token)=)[^&#]*/gi;

/** A URL as logs may keep it: what a secret parameter held is replaced, the rest left for debugging. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');

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
