import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from '@bookshelf/contract';
import { request as undiciRequest } from 'undici';
import { findOutboundError, OutboundHttpError } from './errors.js';
import { createGuardedAgent } from './guarded-agent.js';
import { discard, readCapped, retryAfterMs } from './responses.js';
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

export interface HttpClient {
  readonly name: string;
  /** A provider's real endpoint URL with the base-URL override applied. */
  url(realUrl: string): string;
  /** Sends the request; any final status other than 2xx fails with `upstream-status`. */
  request(url: string | URL, options?: RequestOptions): Promise<HttpResponse>;
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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

  /** One try: the request and the redirects it leads to, within one time limit. */
  async function once(start: URL, init: RequestOptions): Promise<HttpResponse> {
    const limit = init.timeoutMs ?? timeoutMs;
    const maxBytes = init.maxBytes ?? options.maxBytes ?? 1024 * 1024;
    const signal = AbortSignal.timeout(limit);
    let url = start;
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body instanceof URLSearchParams ? init.body.toString() : init.body;
    const headers: Record<string, string> = { 'user-agent': 'Bookshelf', ...init.headers };
    if (init.body instanceof URLSearchParams) headers['content-type'] ??= 'application/x-www-form-urlencoded';

    for (let redirects = 0; ; redirects += 1) {
      checkTarget(rules, url, name);
      try {
        const res = await undiciRequest(url, {
          dispatcher: agent,
          method: method as 'GET',
          headers,
          body: body ?? null,
          signal,
          headersTimeout: limit,
          bodyTimeout: limit,
        });
        const location = res.headers.location;
        if (REDIRECTS.has(res.statusCode) && typeof location === 'string') {
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
          continue;
        }
        const bytes = await readCapped(res, maxBytes, name);
        const flatHeaders = Object.fromEntries(
          Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        );
        if (res.statusCode < 200 || res.statusCode > 299) {
          const retryAfter =
            res.statusCode === 429 || res.statusCode === 503 ? retryAfterMs(flatHeaders['retry-after']) : undefined;
          throw new OutboundHttpError('upstream-status', `${name}: ${url.host} answered ${res.statusCode}`, {
            status: res.statusCode,
            bodyText: bytes.toString('utf8', 0, 500),
            ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
          });
        }
        return response(res.statusCode, url, flatHeaders, bytes);
      } catch (error) {
        throw failure(error, signal, url);
      }
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

  return {
    name,
    url: (realUrl) => withBaseUrl(realUrl, options.baseUrl),

    async request(target, init = {}) {
      const url = new URL(target);
      const retries = init.retry ?? IDEMPOTENT.has((init.method ?? 'GET').toUpperCase());
      const attempts = retries ? Math.max(1, policy.attempts) : 1;
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await once(url, init);
        } catch (error) {
          if (attempt >= attempts || !isRetryable(error)) throw error;
          const retryAfter = findOutboundError(error)?.details.retryAfterMs;
          if (retryAfter !== undefined && retryAfter > retryAfterCeilingMs) throw error;
          await sleep(Math.max(retryDelayMs(attempt, policy), retryAfter ?? 0));
        }
      }
    },

    close: () => agent.close(),
  };
}
