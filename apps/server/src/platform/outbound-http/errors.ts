/**
 * Why an outbound call failed, so a caller can answer its own client clearly: a timeout is a 504, the other
 * kinds are a 502 (the other service, or our rules about it, failed us, not the caller).
 * - `timeout`: no connection or no complete answer within the client's time;
 * - `too-large`: the answer's body passed the client's byte cap (declared or counted);
 * - `refused-host`: the URL (or a redirect) leads to a host not on the client's allow-list, or not http(s);
 * - `refused-address`: the host is, or resolves to, a private, loopback, link-local or other non-public address;
 * - `too-many-redirects`: more than the client follows;
 * - `upstream-status`: the service answered with a status other than 2xx;
 * - `network`: the connection failed or broke (refused, reset, DNS failure).
 */
export type OutboundFailure =
  'timeout' | 'too-large' | 'refused-host' | 'refused-address' | 'too-many-redirects' | 'upstream-status' | 'network';

export class OutboundHttpError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    readonly details: {
      /** The upstream status, for `upstream-status`. */
      status?: number;
      /** The start of the upstream's error body, for logs (never shown to end users). */
      bodyText?: string;
      /** A Retry-After the upstream sent, in milliseconds. */
      retryAfterMs?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'OutboundHttpError';
  }

  get status(): number | undefined {
    return this.details.status;
  }

  /** The status our own API answers with when this failure ends a request. */
  get httpStatus(): 502 | 504 {
    return this.kind === 'timeout' ? 504 : 502;
  }

  /** The API error code for that answer. */
  get apiCode(): 'UPSTREAM_TIMEOUT' | 'UPSTREAM_FAILED' {
    return this.kind === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_FAILED';
  }

  /** What the person is told; the message itself (hosts, addresses) goes to the log only. */
  get publicMessage(): string {
    return PUBLIC_MESSAGES[this.kind];
  }
}

const PUBLIC_MESSAGES: Record<OutboundFailure, string> = {
  timeout: 'Another service did not answer in time. Please try again.',
  'too-large': 'Another service sent more data than is accepted.',
  'refused-host': 'That address is not one this server may fetch.',
  'refused-address': 'That address is not one this server may fetch.',
  'too-many-redirects': 'Another service redirected too many times.',
  'upstream-status': 'Another service answered with an error. Please try again later.',
  network: 'Another service could not be reached. Please try again later.',
};

/** The OutboundHttpError in an error's cause chain (undici wraps what a connect hook throws), if any. */
export function findOutboundError(error: unknown): OutboundHttpError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if (e instanceof OutboundHttpError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
