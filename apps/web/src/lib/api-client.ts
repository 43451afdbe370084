import { isRetryableMessage } from '@bookshelf/contract';
import type { $ZodType, output } from 'zod/v4/core';

/** A failed API call: the server's error body when it sent one, otherwise what went wrong on the way. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    /** The server's field-by-field account of a 400 (path such as `body.purchaseInfo.price`). */
    readonly issues: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Status 0 stands for "no answer" (offline, DNS, connection reset). */
export const NETWORK_ERROR = 0;

/**
 * Worth another try (spec social.md §9): no answer, rate limited, or the server's fault. A 4xx will fail
 * the same way again. Errors that did not come from the API fall back to the spec's message rule.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiRequestError) {
    return error.status === NETWORK_ERROR || error.status === 429 || error.status >= 500;
  }
  return error instanceof Error && isRetryableMessage(error.message);
}

/**
 * Responses are checked against the contract in development and tests, where a server that drifts from it
 * should fail loudly; the production build trusts its own server's answers, so zod and the schemas never
 * reach a visitor's browser (decision 030). The response schemas hold no transforms or defaults, so a valid
 * answer parses to the same value either way.
 */
export const VALIDATE_RESPONSES: boolean = import.meta.env.DEV;

export interface ApiClientOptions {
  /** Prefix for every path; empty in the browser, where /api is same-origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Parse each answer with its schema (default: in development and tests only, see VALIDATE_RESPONSES). */
  validateResponses?: boolean;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 is an expected answer (a visitor): throw it without reading the body or loading its schema. */
  signedOutIsExpected?: boolean;
  /** Extra request headers (the reading calls send the browser's time zone). */
  headers?: Record<string, string>;
  /** Lets the request outlive the page (the reader's save as the tab is hidden or closed). */
  keepalive?: boolean;
}

/**
 * A response schema, or a loader of one. The loader form keeps zod out of the first download of pages that
 * may never need it: the landing page's only call, GET /api/me, answers a visitor with a bare 401.
 */
export type SchemaSource<S extends $ZodType> = S | (() => Promise<S>);

/** Validates through the schema's own Standard Schema interface, so this module imports no zod code. */
async function validate<S extends $ZodType>(schema: SchemaSource<S>, value: unknown) {
  const resolved = typeof schema === 'function' ? await schema() : schema;
  const result = await resolved['~standard'].validate(value);
  return result.issues ? { success: false as const } : { success: true as const, data: result.value };
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Error bodies are read on failures only, so their schema (and zod with it) loads on the first failure.
const loadApiErrorSchema = () => import('./api-error-schema').then((m) => m.ApiErrorSchema);

async function readError(res: Response): Promise<ApiRequestError> {
  const parsed = await validate(loadApiErrorSchema, await res.json().catch(() => null));
  if (parsed.success) {
    const { code, message, requestId, issues } = parsed.data.error;
    return new ApiRequestError(res.status, code, message, requestId, issues);
  }
  return new ApiRequestError(res.status, 'HTTP_ERROR', `The server answered ${res.status} ${res.statusText}`.trim());
}

/**
 * The typed API client: in development and tests every response is parsed with the contract's schema, so a
 * server that drifts from the contract fails here, loudly, instead of deep inside a component.
 */
export function createApiClient({
  baseUrl = '',
  fetch: givenFetch,
  validateResponses = VALIDATE_RESPONSES,
}: ApiClientOptions = {}) {
  return async function request<S extends $ZodType>(
    path: string,
    schema: SchemaSource<S>,
    {
      method = 'GET',
      body,
      signal,
      signedOutIsExpected = false,
      headers: extraHeaders,
      keepalive,
    }: RequestOptions = {},
  ): Promise<output<S>> {
    const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json' };
    // A FormData body (a photo upload) goes as multipart, its boundary set by fetch itself.
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
    // The server's CSRF defence: cookie-authenticated unsafe requests must carry this header.
    if (UNSAFE.has(method)) headers['x-requested-with'] = 'fetch';

    let res: Response;
    try {
      // Looked up per call, not when the module loads: a test's fake fetch works whatever was imported first.
      const doFetch = givenFetch ?? globalThis.fetch;
      res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined ? { body: multipart ? body : JSON.stringify(body) } : {}),
        ...(signal ? { signal } : {}),
        ...(keepalive ? { keepalive } : {}),
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiRequestError(NETWORK_ERROR, 'NETWORK_ERROR', 'Could not reach the server. Check your connection.');
    }
    if (res.status === 401 && signedOutIsExpected) {
      throw new ApiRequestError(401, 'UNAUTHENTICATED', 'Not signed in.');
    }
    if (!res.ok) throw await readError(res);

    const badResponse = () =>
      new ApiRequestError(res.status, 'BAD_RESPONSE', `Unexpected response from ${method} ${path}`);
    let json: unknown;
    try {
      json = res.status === 204 ? undefined : await res.json();
    } catch {
      throw badResponse(); // a proxy's HTML page, a truncated body
    }
    if (!validateResponses) return json as output<S>;
    const parsed = await validate(schema, json);
    if (!parsed.success) throw badResponse();
    return parsed.data;
  };
}

export const api = createApiClient();
