import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import { chooseCoding, varyOnAcceptEncoding, type ContentCoding } from './content-coding.js';
import { isApiPath } from './web-app.js';

/**
 * Levels picked for CPU per request, not for the last byte (decision 024, figures from bench/static): on a
 * 15 KB page of books brotli 4 and gzip 6 take a fraction of a millisecond and keep most of the saving of
 * their maximum levels, which cost ten to a hundred times more.
 */
export const API_COMPRESSION = {
  /** Answers smaller than this go out as they are: the saving would not fill a packet. */
  thresholdBytes: 1024,
  brotliQuality: 4,
  gzipLevel: 6,
} as const;

/** JSON and text answers (OpenAPI's pages too); never text/event-stream, whose frames must not wait. */
const COMPRESSIBLE =
  /^(?:application\/(?:[\w.+-]*\+)?json|text\/(?!event-stream)[\w.+-]+|application\/(?:javascript|xml))\b/i;
const CODINGS: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

const compress = (coding: ContentCoding, body: Buffer | string) =>
  coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: API_COMPRESSION.gzipLevel });

/**
 * Compresses /api answers of at least `thresholdBytes` in the coding the client's Accept-Encoding prefers.
 * Synchronously: for bodies of this size zlib's one-shot call costs less than setting up a stream. Left
 * alone: streams (GET /api/events hijacks its socket anyway, book files are streams), partial content
 * (Content-Range counts the identity bytes), answers without a body, and anything already encoded.
 */
const compressApiAnswer: onSendAsyncHookHandler = async (request, reply, payload) => {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.statusCode === 206 || reply.statusCode === 304) return payload;
  if (Buffer.byteLength(payload) < API_COMPRESSION.thresholdBytes) return payload;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;

  // From here the answer depends on Accept-Encoding, whichever coding this client gets.
  varyOnAcceptEncoding(reply);
  const coding = chooseCoding(request.headers['accept-encoding'], CODINGS);
  if (coding === 'identity') return payload;
  const compressed = compress(coding, payload);
  reply.header('content-encoding', coding);
  // A length a handler set would be the identity one; Fastify sets the right one when it is absent.
  reply.removeHeader('content-length');
  return compressed;
};

/**
 * Adds the compression to every /api route as its last onSend step (route-level hooks run after the
 * instance's), so whatever else looks at an answer before it goes out (an ETag of the JSON, say) sees the
 * identity body, wherever that hook was added.
 */
export function registerApiCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, compressApiAnswer];
  });
}
