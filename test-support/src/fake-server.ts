import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake received it; tests assert on these. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Values of `:name` segments of the matched route pattern. */
  params: Record<string, string>;
  body: string;
  /** Body parsed as JSON or as a form, by content type; undefined otherwise. */
  parsed: unknown;
}

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is; anything else is sent as JSON. */
  body?: unknown;
  /** Wait before answering, to exercise client timeouts. */
  delayMs?: number;
}

export type FakeHandler = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

/** Routes keyed by "METHOD /path", where a path segment `:name` matches any one segment. */
export type FakeRoutes = Record<string, FakeHandler>;

export interface FakeServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  /** Every request received, matched or not, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Requests whose method and path equal the given ones. */
  requestsTo: (method: string, path: string) => RecordedRequest[];
  /** Adds or replaces a route while running (e.g. to make a provider fail mid-test). */
  route(key: string, handler: FakeHandler): void;
  close: () => Promise<void>;
}

interface CompiledRoute {
  method: string;
  segments: string[];
  handler: FakeHandler;
}

function compile(key: string, handler: FakeHandler): CompiledRoute {
  const match = /^([A-Z]+)\s+(\/\S*)$/.exec(key.trim());
  if (!match) throw new Error(`Fake route key must look like "GET /path", got "${key}"`);
  const [, method = '', path = ''] = match;
  return { method, segments: path.split('/'), handler };
}

function matchRoute(route: CompiledRoute, method: string, path: string): Record<string, string> | null {
  if (route.method !== method) return null;
  const segments = path.split('/');
  if (segments.length !== route.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i += 1) {
    const pattern = route.segments[i] ?? '';
    const actual = segments[i] ?? '';
    if (pattern.startsWith(':')) params[pattern.slice(1)] = decodeURIComponent(actual);
    else if (pattern !== actual) return null;
  }
  return params;
}

function parseBody(body: string, contentType: string | undefined): unknown {
  if (!body) return undefined;
  if (contentType?.includes('application/json')) {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return undefined;
    }
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(body));
  }
  return undefined;
}

function send(res: ServerResponse, response: FakeResponse): void {
  const { status = 200, headers = {}, body } = response;
  const isRaw = typeof body === 'string' || Buffer.isBuffer(body);
  const payload = body === undefined ? '' : isRaw ? body : JSON.stringify(body);
  const contentType = isRaw ? 'text/plain; charset=utf-8' : 'application/json';
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(payload);
}

/**
 * Starts a real HTTP server on 127.0.0.1 with an ephemeral port that answers the given routes and
 * records every request. Unknown routes answer 404 JSON so a wrong path fails loudly in the test.
 */
export async function startFakeServer(routes: FakeRoutes = {}): Promise<FakeServer> {
  const compiled = Object.entries(routes).map(([key, handler]) => compile(key, handler));
  const requests: RecordedRequest[] = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      const method = req.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        params: {},
        body,
        parsed: parseBody(body, req.headers['content-type']),
      };
      requests.push(recorded);

      let found: { route: CompiledRoute; params: Record<string, string> } | undefined;
      for (const route of compiled) {
        const params = matchRoute(route, method, url.pathname);
        if (params) {
          found = { route, params };
          break;
        }
      }
      if (!found) {
        send(res, { status: 404, body: { error: `no fake route for ${method} ${url.pathname}` } });
        return;
      }
      recorded.params = found.params;
      const handler = found.route.handler;
      void (async () => {
        try {
          const response = await handler(recorded);
          if (response.delayMs) await new Promise((r) => setTimeout(r, response.delayMs));
          send(res, response);
        } catch (error) {
          send(res, { status: 500, body: { error: String(error) } });
        }
      })();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    route(key, handler) {
      const next = compile(key, handler);
      const at = compiled.findIndex(
        (r) => r.method === next.method && r.segments.join('/') === next.segments.join('/'),
      );
      if (at >= 0) compiled[at] = next;
      else compiled.push(next);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
