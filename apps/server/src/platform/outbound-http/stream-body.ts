import { Transform, type Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { discard } from './responses.js';

type Body = Dispatcher.ResponseData['body'];

/** The first `limit` bytes of a body (an error answer's start, for the log); the rest is not read. */
export async function readHead(body: Body, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      chunks.push(buffer);
      size += buffer.length;
      if (size >= limit) break;
    }
  } catch {
    // An error answer that breaks off still failed with its status; what it said is only for the log.
  } finally {
    discard(body);
  }
  return Buffer.concat(chunks, size).subarray(0, limit);
}

export interface GuardedBodyOptions {
  /** No cap when absent. */
  maxBytes?: number | undefined;
  /** Turns undici's error (body timeout, reset, abort) into the one the reader sees. */
  fail: (error: unknown) => Error;
  tooLarge: (maxBytes: number) => Error;
  /** Once, when the body is finished with: read to the end, failed or destroyed by its reader. */
  onClose: () => void;
}

/**
 * The body handed to the caller: it counts bytes against `maxBytes`, fails with the client's own errors, and
 * destroying it (a reader that went away) closes the upstream connection.
 */
export function guardedBody(source: Body, options: GuardedBodyOptions): Readable {
  let size = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (options.maxBytes !== undefined && size > options.maxBytes) callback(options.tooLarge(options.maxBytes));
      else callback(null, chunk);
    },
  });
  source.on('error', (error) => out.destroy(options.fail(error)));
  out.once('close', () => {
    if (!source.destroyed) discard(source);
    options.onClose();
  });
  source.pipe(out);
  return out;
}
