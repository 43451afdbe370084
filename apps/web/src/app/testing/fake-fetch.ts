import { afterEach, vi } from 'vitest';

/*
 * lib/api-client captures globalThis.fetch when it is first evaluated, so a test imports this module before
 * anything that reaches the client. Unknown routes answer 404 in the API's error shape.
 */

export interface FakeCall {
  method: string;
  path: string;
}

type Answer = () => Response;

const answers = new Map<string, Answer>();
export const calls: FakeCall[] = [];

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://app');
  const method = (init?.method ?? 'GET').toUpperCase();
  calls.push({ method, path: url.pathname });
  const answer = answers.get(`${method} ${url.pathname}`);
  return answer ? answer() : json({ error: { code: 'NOT_FOUND', message: 'No such route' } }, 404);
});

/** `route` is "METHOD /path". */
export function answer(route: string, respond: Answer): void {
  answers.set(route, respond);
}

afterEach(() => {
  answers.clear();
  calls.length = 0;
});
