import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/*
 * Installs one stable fake fetch whose answers each test sets with `network.answer(...)`. The API client looks
 * globalThis.fetch up on every call, so the order of imports does not matter; by habit it is the first one.
 */

export interface FakeRequest {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

type Answer = (request: FakeRequest) => Response | Promise<Response>;

const answers = new Map<string, Answer>();
const requests: FakeRequest[] = [];

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://app');
  const method = (init?.method ?? 'GET').toUpperCase();
  const text = typeof init?.body === 'string' ? init.body : undefined;
  const request: FakeRequest = {
    method,
    path: url.pathname,
    search: url.search,
    headers: new Headers(init?.headers),
    body: text === undefined ? undefined : JSON.parse(text),
  };
  requests.push(request);
  const answer = answers.get(`${method} ${url.pathname}`);
  if (!answer) return json({ error: { code: 'NOT_FOUND', message: `No fake for ${method} ${url.pathname}` } }, 404);
  return answer(request);
}

vi.stubGlobal('fetch', fakeFetch);

afterEach(() => {
  cleanup();
  answers.clear();
  requests.length = 0;
});

export const network = {
  /** `route` is "METHOD /path"; a plain value is answered as JSON with status 200. */
  answer(route: string, answer: Answer | Response | object) {
    answers.set(
      route,
      typeof answer === 'function'
        ? (answer as Answer)
        : answer instanceof Response
          ? () => answer.clone()
          : () => json(answer),
    );
  },
  requests: (route?: string) =>
    route === undefined ? [...requests] : requests.filter((r) => `${r.method} ${r.path}` === route),
};

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const noContent = () => new Response(null, { status: 204 });

export const apiError = (status: number, message: string, code = 'ERROR') => json({ error: { code, message } }, status);

/** An answer that waits until the test lets it go, for looking at busy states. */
export function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer: () => promise, release };
}
