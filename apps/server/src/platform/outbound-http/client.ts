import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from '@bookshelf/contract';
import type { Readable } from 'node:stream';
import { request as undiciRequest, type Dispatcher } from 'undici';
import { findOutboundError, OutboundHttpError } from './errors.js';
import { createGuardedAgent } from './guarded-agent.js';
import { discard, readCapped, retryAfterMs } from './responses.js';
import { guardedBody, readHead } from './stream-body.js';
import { checkTarget, privateAllowed, targetRules, withBaseUrl } from './targets.js';

export interface HttpClientOptions {
  /** Names the client in error messages, e.g. `google-oauth`. */
  name: string;
  /**
   * The hosts this provider's endpoints live on (`oauth2.googleapis.com`, `127.0.0.1:9100`);
   * `*.archive.org` allows any host under that domain.
   */
  hosts: readonly string[];
  /** The provider's base-URL override from config; its host joins the list and may be a private address. */
  baseUrl?: string | undefined;
  /** Every host may be a private or loopback address: tests that stand up servers on 127.0.0.1 only. */
  allowPrivateAddresses?: boolean;
  /** For the whole of one try: connecting, the answer's headers and its body. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** The largest answer body read; a longer one fails with `too-large` and is not read further. */
  maxBytes?: number;
  maxRedirects?: number;
  retry?: Partial<RetryPolicy>;
  /** A Retry-After longer than this is not waited for: the call fails with it instead. */
  retryAfterCeilingMs?: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Bodies are kept whole so that a retry or a 307/308 redirect can send them again. */
  body?: string | Uint8Array | URLSearchParams;
  /**
   * Whether failures are tried again. By default only idempotent methods (GET, HEAD, OPTIONS, PUT, DELETE) are;
   * a caller that knows a POST is safe to repeat says `true`, one that must send once says `false`.
   */
  retry?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  text(): string;
  /** The body parsed as JSON; an unparsable body is an `upstream-status` failure, not a SyntaxError. */
  json(): unknown;
}

/** An answer whose body is handed over unread, for files too large to hold (a book's download). */
export interface StreamResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: Record<string, string>;
  /**
   * Fails with `timeout` when no data arrives for the client's time, with `too-large` past `maxBytes` when one
   * was given, with `network` when the connection breaks; destroying it closes the connection.
   */
  body: Readable;
}

export interface StreamOptions extends RequestOptions {
  /** Aborting it stops the call, or destroys the body once it was handed over. */
  signal?: AbortSignal;
}

export interface HttpClient {
  readonly name: string;
  /** A provider's real endpoint URL with the base-URL override applied. */
  url(realUrl: string): string;
  /** Sends the request; any final status other than 2xx fails with `upstream-status`. */
  request(url: string | URL, options?: RequestOptions): Promise<HttpResponse>;
  /**
   * Like `request`, but the 2xx answer's body is streamed rather than read: `timeoutMs` bounds connecting, the
   * headers and each silence in the body, not the whole body, and there is no byte cap unless `maxBytes` is
   * given. Failures are tried again only before the body is handed over.
   */
  stream(url: string | URL, options?: StreamOptions): Promise<StreamResponse>;
  close(): Promise<void>;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function isRetryable(error: unknown): boolean {
  const e = findOutboundError(error);
  if (!e) return false;
  if (e.kind === 'network' || e.kind === 'timeout') return true;
  // Client errors fail the same way again; 429 is the exception that asks for a later try.
  return e.kind === 'upstream-status' && (e.status === 429 || (e.status ?? 0) >= 500);
}

/** What an aborted call fails with: the reason the caller gave, or an AbortError. */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

const flatten = (headers: Dispatcher.ResponseData['headers']): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { name } = options;
  const rules = targetRules(options);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const retryAfterCeilingMs = options.retryAfterCeilingMs ?? 30_000;
  const agent = createGuardedAgent({
    connectTimeoutMs: Math.min(options.connectTimeoutMs ?? 5_000, timeoutMs),
    privateAllowed: (hostname) => privateAllowed(rules, hostname),
  });

  function failure(error: unknown, signal: AbortSignal, url: URL): OutboundHttpError {
    const known = findOutboundError(error);
    if (known) return known;
    const code = (error as { code?: unknown }).code;
    if (signal.aborted || (typeof code === 'string' && TIMEOUT_CODES.has(code))) {
      return new OutboundHttpError('timeout', `${name}: ${url.host} did not answer in time`, { cause: error });
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new OutboundHttpError('network', `${name}: ${url.host} could not be reached (${reason})`, {
      cause: error,
    });
  }

  interface Hop {
    res: Dispatcher.ResponseData;
    url: URL;
    headers: Record<string, string>;
  }

  /**
   * Sends the request and follows its redirects by hand, so that every hop is checked against the client's
   * hosts; answers the first response that is not a redirect, its body unread.
   */
  async function follow(start: URL, init: RequestOptions, signal: AbortSignal, limit: number): Promise<Hop> {
    let url = start;
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
    const headers: Record<string, string> = { 'user-agent': 'Bookshelf', ...init.headers };
    if (init.body instanceof URLSearchParams) headers['content-type'] ??= 'application/x-www-form-urlencoded';

    for (let redirects = 0; ; redirects += 1) {
      checkTarget(rules, url, name);
      const res = await undiciRequest(url, {
        dispatcher: agent,
        method: method as 'GET',
        headers,
        body: body ?? null,
        signal,
        headersTimeout: limit,
        // Between two pieces of the body, not for the whole of it: a large file takes as long as it takes.
        bodyTimeout: limit,
      });
      const location = res.headers.location;
      if (!REDIRECTS.has(res.statusCode) || typeof location !== 'string') {
        return { res, url, headers: flatten(res.headers) };
      }
      discard(res.body);
      if (redirects >= maxRedirects) {
        throw new OutboundHttpError('too-many-redirects', `${name}: more than ${maxRedirects} redirects`);
      }
      const next = new URL(location, url);
      // Never from https down to http, where anyone on the path could read or change what follows.
      if (url.protocol === 'https:' && next.protocol !== 'https:') {
        throw new OutboundHttpError('refused-host', `${name}: ${url.host} redirected from https to ${next.href}`);
      }
      if (res.statusCode === 303 || (res.statusCode !== 307 && res.statusCode !== 308 && method === 'POST')) {
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
      }
      // Credentials meant for one origin never travel to another.
      if (next.origin !== url.origin) {
        delete headers.authorization;
        delete headers.cookie;
      }
      url = next;
    }
  }

  function statusFailure(hop: Hop, bodyText: string): OutboundHttpError {
    const status = hop.res.statusCode;
    const retryAfter = status === 429 || status === 503 ? retryAfterMs(hop.headers['retry-after']) : undefined;
    return new OutboundHttpError('upstream-status', `${name}: ${hop.url.host} answered ${status}`, {
      status,
      bodyText,
      ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
    });
  }

  /** One try: the request and the redirects it leads to, within one time limit. */
  async function once(start: URL, init: RequestOptions): Promise<HttpResponse> {
    const limit = init.timeoutMs ?? timeoutMs;
    const maxBytes = init.maxBytes ?? options.maxBytes ?? 1024 * 1024;
    const signal = AbortSignal.timeout(limit);
    let url = start;
    try {
      const hop = await follow(start, init, signal, limit);
      url = hop.url;
      const bytes = await readCapped(hop.res, maxBytes, name);
      if (hop.res.statusCode < 200 || hop.res.statusCode > 299) {
        throw statusFailure(hop, bytes.toString('utf8', 0, 500));
      }
      return response(hop.res.statusCode, url, hop.headers, bytes);
    } catch (error) {
      throw failure(error, signal, url);
    }
  }

  /** One try of a stream: the time limit covers each wait (connect, headers, a silence in the body), not the total. */
  async function onceStream(start: URL, init: StreamOptions): Promise<StreamResponse> {
    const limit = init.timeoutMs ?? timeoutMs;
    const caller = init.signal;
    // Undici's own timers bound the waits; this signal only carries the caller's abort through.
    const controller = new AbortController();
    const abort = () => controller.abort(caller?.reason);
    caller?.addEventListener('abort', abort, { once: true });
    let url = start;
    try {
      const hop = await follow(start, init, controller.signal, limit);
      url = hop.url;
      if (hop.res.statusCode < 200 || hop.res.statusCode > 299) {
        const head = await readHead(hop.res.body, 500);
        throw statusFailure(hop, head.toString('utf8'));
      }
      const tooLarge = (max: number) =>
        new OutboundHttpError('too-large', `${name}: the answer is larger than ${max} bytes`);
      const declared = Number(hop.headers['content-length']);
      if (init.maxBytes !== undefined && Number.isFinite(declared) && declared > init.maxBytes) {
        discard(hop.res.body);
        throw tooLarge(init.maxBytes);
      }
      const body = guardedBody(hop.res.body, {
        maxBytes: init.maxBytes,
        fail: (error) => (caller?.aborted ? abortReason(caller) : failure(error, controller.signal, url)),
        tooLarge,
        onClose: () => caller?.removeEventListener('abort', abort),
      });
      return { status: hop.res.statusCode, url: url.toString(), headers: hop.headers, body };
    } catch (error) {
      caller?.removeEventListener('abort', abort);
      if (caller?.aborted) throw abortReason(caller);
      throw failure(error, controller.signal, url);
    }
  }

  function response(status: number, url: URL, headers: Record<string, string>, body: Buffer): HttpResponse {
    return {
      status,
      url: url.toString(),
      headers,
      body,
      text: () => body.toString('utf8'),
      json: () => {
        try {
          return JSON.parse(body.toString('utf8')) as unknown;
        } catch (cause) {
          throw new OutboundHttpError('upstream-status', `${name}: ${url.host} answered with invalid JSON`, {
            status,
            cause,
          });
        }
      },
    };
  }

  /** Tries `work` again on the failures worth it, as the policy and any Retry-After say. */
  async function withRetries<T>(init: RequestOptions, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const retries = init.retry ?? IDEMPOTENT.has((init.method ?? 'GET').toUpperCase());
    const attempts = retries ? Math.max(1, policy.attempts) : 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= attempts || !isRetryable(error)) throw error;
        const retryAfter = findOutboundError(error)?.details.retryAfterMs;
        if (retryAfter !== undefined && retryAfter > retryAfterCeilingMs) throw error;
        await sleep(Math.max(retryDelayMs(attempt, policy), retryAfter ?? 0), signal);
      }
    }
  }

  return {
    name,
    url: (realUrl) => withBaseUrl(realUrl, options.baseUrl),

    request(target, init = {}) {
      const url = new URL(target);
      return withRetries(init, () => once(url, init));
    },

    stream(target, init = {}) {
      const url = new URL(target);
      if (init.signal?.aborted) return Promise.reject(abortReason(init.signal));
      return withRetries(init, () => onceStream(url, init), init.signal);
    },

    close: () => agent.close(),
  };
}
