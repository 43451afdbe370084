import type { Dispatcher } from 'undici';
import { OutboundHttpError } from './errors.js';

/**
 * Reads an answer's body up to `maxBytes`. A declared Content-Length over the cap fails before anything is read;
 * without one (chunked), or when it understates, counting stops the stream at the first byte past the cap, so a
 * hostile server never makes us hold more than the cap.
 */
/** Stops reading an answer: the connection closes, and the abort it reports is expected, not an error. */
export function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

export async function readCapped(res: Dispatcher.ResponseData, maxBytes: number, client: string): Promise<Buffer> {
  const tooLarge = () => new OutboundHttpError('too-large', `${client}: the answer is larger than ${maxBytes} bytes`);
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(res.body);
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      discard(res.body);
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

/** Retry-After in milliseconds: either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
