import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

/** Limits on slow clients (a slowloris holds a connection by sending, or reading, a byte at a time). */
export interface HttpTimeouts {
  /** From the first byte of a request (or the connection's opening) to the end of its headers. */
  headersMs: number;
  /** From the first byte of a request to the end of its body. */
  requestMs: number;
  /** How long a connection is kept open, idle, between two requests. */
  keepAliveMs: number;
  /** A connection on which no byte moves either way for this long is closed. */
  socketMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 15_000,
  requestMs: 60_000,
  keepAliveMs: 72_000,
  socketMs: 120_000,
};

/** The Fastify and node:http server options that enforce the timeouts; a late client gets a 408. */
export function httpTimeoutOptions(timeouts: HttpTimeouts) {
  const shortest = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.socketMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node looks for late requests every 30 s by default, which would let one overstay its limit by up
      // to that much; a quarter of the shortest limit keeps the overrun small.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(shortest / 4))),
    },
  } satisfies Partial<FastifyHttpOptions<Server>>;
}
