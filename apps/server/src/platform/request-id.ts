import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Keeps a caller's X-Request-Id when it is a plain token (so a proxy's id follows the request through
 * our logs) and makes a new one otherwise; an arbitrary header value would let a caller forge log lines.
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}
