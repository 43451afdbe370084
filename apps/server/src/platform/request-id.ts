import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * This process's ids: a random prefix (so two instances, or two runs, never share one) and a counter. A random
 * UUID per request cost more than the rest of the id handling together (bench/load, decision 041), and an id
 * only has to tell requests apart in the logs.
 */
const PREFIX = `${randomBytes(6).toString('base64url')}-`;
let counter = 0;

/**
 * Keeps a caller's X-Request-Id when it is a plain token (so a proxy's id follows the request through
 * our logs) and makes a new one otherwise; an arbitrary header value would let a caller forge log lines.
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && SAFE_ID.test(incoming)) return incoming;
  counter += 1;
  return PREFIX + counter.toString(36).padStart(6, '0');
}
