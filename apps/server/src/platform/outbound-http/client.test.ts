import { buffer } from 'node:stream/consumers';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './client.js';
import { OutboundHttpError } from './errors.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface TestServer {
  origin: string;
  port: number;
  hits: string[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

async function startServer(): Promise<TestServer> {
  let handler: Handler = (_req, res) => res.end('ok');
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    handle(next) {
      handler = next;
      hits.length = 0;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let a: TestServer;
let b: TestServer;
const clients: HttpClient[] = [];
beforeAll(async () => {
  [a, b] = await Promise.all([startServer(), startServer()]);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

const quickRetry = { baseDelayMs: 10, jitterMs: 0, maxDelayMs: 50 };
/** A client for the provider `api.example.com` whose base-URL override points at server A. */
function client(options: Partial<HttpClientOptions> = {}) {
  const c = createHttpClient({
    name: 'test',
    hosts: ['api.example.com'],
    baseUrl: a.origin,
    retry: quickRetry,
    ...options,
  });
  clients.push(c);
  return c;
}

async function failure(work: Promise<unknown>): Promise<OutboundHttpError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundHttpError);
  return error as OutboundHttpError;
}

describe('hosts and addresses', () => {
  it('sends a real endpoint to the base-URL override, keeping its path and query', async () => {
    a.handle((req, res) => res.end(JSON.stringify({ path: req.url })));
    const c = client();
    const url = c.url('https://api.example.com/v1/users/me?fields=name');
    expect(url).toBe(`${a.origin}/v1/users/me?fields=name`);
    expect((await c.request(url)).json()).toEqual({ path: '/v1/users/me?fields=name' });
  });

  it('refuses a host that is not on the list without sending anything', async () => {
    const c = client();
    const error = await failure(c.request(b.origin));
    expect(error.kind).toBe('refused-host');
    expect(error.message).toContain(`127.0.0.1:${b.port} is not on this client's list`);
    expect(b.hits).toEqual([]);
    expect((await failure(c.request('https://elsewhere.example/'))).kind).toBe('refused-host');
    expect((await failure(c.request(`ftp://127.0.0.1:${a.port}/`))).kind).toBe('refused-host');
  });

  it('refuses a listed loopback address without an allowance, also written as IPv4-mapped IPv6', async () => {
    const c = createHttpClient({ name: 'test', hosts: [`127.0.0.1:${b.port}`, `[::ffff:7f00:1]:${b.port}`] });
    clients.push(c);
    expect((await failure(c.request(`${b.origin}/`))).kind).toBe('refused-address');
    expect((await failure(c.request(`http://[::ffff:127.0.0.1]:${b.port}/`))).kind).toBe('refused-address');
    expect(b.hits).toEqual([]);
  });

  it('refuses a host name that resolves to a private address, at connect time', async () => {
    b.handle((_req, res) => res.end('should not be reached'));
    const c = createHttpClient({ name: 'test', hosts: [`localhost:${b.port}`] });
    clients.push(c);
    const error = await failure(c.request(`http://localhost:${b.port}/`));
    expect(error.kind).toBe('refused-address');
    expect(error.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
    expect(b.hits).toEqual([]);
  });

  it('refuses a redirect to a loopback host that is not on the list', async () => {
    b.handle((_req, res) => res.end('should not be reached'));
    const c = client();
    for (const target of [`${b.origin}/steal`, `http://localhost:${a.port}/x`, 'http://169.254.169.254/latest']) {
      a.handle((_req, res) => res.writeHead(302, { location: target }).end());
      const error = await failure(c.request(`${a.origin}/start`));
      expect(error.kind).toBe('refused-host');
      expect(a.hits).toEqual(['GET /start']);
    }
    expect(b.hits).toEqual([]);
  });

  it('refuses a redirect to 127.0.0.1 even when that host is listed, unless it may be private', async () => {
    b.handle((_req, res) => res.end('should not be reached'));
    a.handle((_req, res) => res.writeHead(307, { location: `${b.origin}/internal` }).end());
    // The override names localhost, so only the name localhost may be private; 127.0.0.1 is listed but may not.
    const c = client({ baseUrl: `http://localhost:${a.port}`, hosts: [`127.0.0.1:${b.port}`] });
    const error = await failure(c.request(`http://localhost:${a.port}/start`));
    expect(error.kind).toBe('refused-address');
    expect(a.hits).toEqual(['GET /start']);
    expect(b.hits).toEqual([]);
  });

  it('refuses a redirect from https down to http, and follows one that stays on https', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bookshelf-tls-'));
    const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync('openssl', [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1'],
    ]);
    const secure = createHttpsServer({ key: await readFile(keyFile), cert: await readFile(certFile) }, (req, res) => {
      if (req.url === '/down') res.writeHead(302, { location: `${b.origin}/plain` }).end();
      else if (req.url === '/across') res.writeHead(302, { location: '/landed' }).end();
      else res.end('over tls');
    });
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    const origin = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
    // The certificate is made up here, so no CA vouches for it; Node reads this at each TLS connect.
    const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      b.handle((_req, res) => res.end('should not be reached'));
      const c = client({ hosts: [new URL(origin).host, `127.0.0.1:${b.port}`], allowPrivateAddresses: true });
      expect((await c.request(`${origin}/across`)).text()).toBe('over tls');
      const error = await failure(c.request(`${origin}/down`));
      expect(error.kind).toBe('refused-host');
      expect(error.message).toContain(`redirected from https to ${b.origin}/plain`);
      expect(b.hits).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
      secure.closeAllConnections();
      await new Promise((resolve) => secure.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('follows redirects on allowed hosts by hand, at most five, dropping a POST body on 303', async () => {
    a.handle((req, res) => {
      const hop = Number(new URL(req.url ?? '/', a.origin).searchParams.get('hop'));
      if (hop < 5) res.writeHead(hop === 0 ? 303 : 302, { location: `/next?hop=${hop + 1}` }).end();
      else res.end(`${req.method} done`);
    });
    const c = client();
    const ok = await c.request(`${a.origin}/start?hop=0`, { method: 'POST', body: 'x=1' });
    expect(ok.text()).toBe('GET done');
    expect(ok.url).toBe(`${a.origin}/next?hop=5`);

    a.handle((_req, res) => res.writeHead(302, { location: '/again' }).end());
    expect((await failure(c.request(`${a.origin}/loop`))).kind).toBe('too-many-redirects');
    expect(a.hits).toHaveLength(6);
  });
});

describe('size cap', () => {
  const TOTAL = 20 * 1024 * 1024;
  /** Streams 20 MB in 64 KB chunks, as fast as the client reads them, and tells how much it got to write. */
  function serveHuge(headers: Record<string, string>) {
    const sent = { bytes: 0, finished: false, closed: Promise.resolve() };
    a.handle((_req, res) => {
      sent.closed = new Promise((resolve) => res.on('close', resolve));
      res.writeHead(200, headers);
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (sent.bytes < TOTAL && !res.destroyed) {
          sent.bytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end(() => (sent.finished = true));
      };
      pump();
    });
    return sent;
  }

  it.each([
    ['with a Content-Length', { 'content-length': String(TOTAL) }],
    ['chunked, without a Content-Length', {}],
  ])('refuses a 20 MB answer over a 1 MB cap %s, without reading it all', async (_name, headers) => {
    const sent = serveHuge(headers);
    const c = client({ maxBytes: 1024 * 1024 });
    const error = await failure(c.request(`${a.origin}/huge`));
    expect(error.kind).toBe('too-large');
    expect(error.message).toContain('larger than 1048576 bytes');
    await sent.closed;
    expect(sent.finished).toBe(false);
    // What the server managed to write before the connection closed: the cap plus socket buffers, far from 20 MB.
    expect(sent.bytes).toBeLessThan(TOTAL / 2);
  });

  it('reads an answer up to the cap', async () => {
    a.handle((_req, res) => res.end(Buffer.alloc(1024 * 1024, 97)));
    expect((await client({ maxBytes: 1024 * 1024 }).request(a.origin)).body.length).toBe(1024 * 1024);
  });
});

describe('timeouts', () => {
  it('fails with a timeout when no answer comes, and when the body stalls', async () => {
    const c = client({ timeoutMs: 200, retry: { attempts: 1 } });
    a.handle(() => undefined);
    const started = Date.now();
    const silent = await failure(c.request(`${a.origin}/silent`));
    expect(silent.kind).toBe('timeout');
    expect(silent.httpStatus).toBe(504);
    expect(Date.now() - started).toBeLessThan(2_000);

    a.handle((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).write('partial'));
    expect((await failure(c.request(`${a.origin}/stall`))).kind).toBe('timeout');
  });
});

describe('retries', () => {
  it('tries a GET again after 503 and succeeds', async () => {
    a.handle((_req, res) => {
      if (a.hits.length < 3) res.writeHead(503).end('busy');
      else res.end('fine');
    });
    const res = await client().request(`${a.origin}/flaky`);
    expect(res.text()).toBe('fine');
    expect(a.hits).toHaveLength(3);
  });

  it('gives up after the policy attempts with the last status', async () => {
    a.handle((_req, res) => res.writeHead(502).end('bad gateway'));
    const error = await failure(client({ retry: { ...quickRetry, attempts: 2 } }).request(`${a.origin}/down`));
    expect(error).toMatchObject({ kind: 'upstream-status', status: 502, httpStatus: 502 });
    expect(error.details.bodyText).toBe('bad gateway');
    expect(a.hits).toHaveLength(2);
  });

  it('never tries again on a 4xx', async () => {
    a.handle((_req, res) => res.writeHead(404).end('no'));
    const error = await failure(client().request(`${a.origin}/missing`));
    expect(error).toMatchObject({ kind: 'upstream-status', status: 404 });
    expect(a.hits).toHaveLength(1);
  });

  it('sends a POST once unless the caller opts in', async () => {
    a.handle((_req, res) => res.writeHead(503).end());
    await failure(client().request(`${a.origin}/once`, { method: 'POST', body: 'a=1' }));
    expect(a.hits).toHaveLength(1);
    await failure(client().request(`${a.origin}/again`, { method: 'POST', body: 'a=1', retry: true }));
    expect(a.hits).toHaveLength(4);
  });

  it('waits for Retry-After on 429 within the ceiling, and not past it', async () => {
    const times: number[] = [];
    a.handle((_req, res) => {
      times.push(Date.now());
      if (times.length === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else res.end('ok');
    });
    expect((await client().request(`${a.origin}/limited`)).text()).toBe('ok');
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);

    a.handle((_req, res) => res.writeHead(503, { 'retry-after': '3600' }).end());
    const error = await failure(client().request(`${a.origin}/later`));
    expect(error.details.retryAfterMs).toBe(3_600_000);
    expect(a.hits).toHaveLength(1);
  });
});

describe('stream', () => {
  it('hands over a body larger than the default cap, with status, url and headers', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 7);
    a.handle((_req, res) => res.writeHead(206, { 'content-type': 'application/pdf' }).end(big));
    const res = await client().stream(`${a.origin}/file`);
    expect(res).toMatchObject({ status: 206, url: `${a.origin}/file` });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((await buffer(res.body)).equals(big)).toBe(true);
  });

  it('keeps streaming past the time limit while data keeps coming, and fails when it stops', async () => {
    a.handle((_req, res) => {
      res.writeHead(200);
      let sent = 0;
      const timer = setInterval(() => {
        res.write('x'.repeat(100));
        sent += 1;
        if (sent === 8) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
      res.on('close', () => clearInterval(timer));
    });
    const c = client({ timeoutMs: 300, retry: { attempts: 1 } });
    const started = Date.now();
    const whole = await buffer((await c.stream(`${a.origin}/slow`)).body);
    expect(whole.length).toBe(800);
    expect(Date.now() - started).toBeGreaterThan(600);

    a.handle((_req, res) => res.writeHead(200).write('partial'));
    const stalled = await c.stream(`${a.origin}/stall`);
    const error = await failure(buffer(stalled.body));
    expect(error.kind).toBe('timeout');
  });

  it('fails the stream past maxBytes when one is given, before handing it over when the length says so', async () => {
    a.handle((_req, res) => {
      res.writeHead(200);
      res.write(Buffer.alloc(200_000, 1));
      res.end(Buffer.alloc(100_000, 1));
    });
    const res = await client().stream(`${a.origin}/capped`, { maxBytes: 100_000 });
    const error = await failure(buffer(res.body));
    expect(error.kind).toBe('too-large');

    a.handle((_req, res) => res.end(Buffer.alloc(300_000, 1)));
    expect((await failure(client().stream(`${a.origin}/declared`, { maxBytes: 100_000 }))).kind).toBe('too-large');
  });

  it('fails a non-2xx answer with its status and the start of its body, trying again on 429 first', async () => {
    a.handle((_req, res) => res.writeHead(404).end('n'.repeat(5_000)));
    const missing = await failure(client().stream(`${a.origin}/missing`));
    expect(missing).toMatchObject({ kind: 'upstream-status', status: 404 });
    expect(missing.details.bodyText).toBe('n'.repeat(500));
    expect(a.hits).toHaveLength(1);

    a.handle((_req, res) => {
      if (a.hits.length === 1) res.writeHead(429, { 'retry-after': '1' }).end('slow down');
      else res.end('the bytes');
    });
    const started = Date.now();
    const res = await client().stream(`${a.origin}/limited`);
    expect((await buffer(res.body)).toString()).toBe('the bytes');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(a.hits).toHaveLength(2);
  });

  it('follows redirects, checking each hop and dropping credentials across origins', async () => {
    let seen: string | undefined = 'none';
    b.handle((req, res) => {
      seen = req.headers.authorization;
      res.end('moved here');
    });
    a.handle((_req, res) => res.writeHead(302, { location: `${b.origin}/there` }).end());
    const listed = client({ hosts: ['api.example.com', `127.0.0.1:${b.port}`], allowPrivateAddresses: true });
    const res = await listed.stream(`${a.origin}/here`, { headers: { authorization: 'Bearer secret' } });
    expect(res.url).toBe(`${b.origin}/there`);
    expect((await buffer(res.body)).toString()).toBe('moved here');
    expect(seen).toBeUndefined();

    b.hits.length = 0;
    expect((await failure(client().stream(`${a.origin}/here`))).kind).toBe('refused-host');
    expect(b.hits).toEqual([]);
  });

  it('destroys the body when the signal aborts, closing the connection', async () => {
    let closed!: Promise<void>;
    a.handle((_req, res) => {
      closed = new Promise((resolve) => res.on('close', () => resolve()));
      res.writeHead(200).write('first piece');
    });
    const controller = new AbortController();
    const res = await client().stream(`${a.origin}/long`, { signal: controller.signal });
    const errored = new Promise<unknown>((resolve) => res.body.on('error', resolve));
    res.body.once('data', () => controller.abort());
    expect(((await errored) as Error).name).toBe('AbortError');
    expect(res.body.destroyed).toBe(true);
    await closed;
  });

  it('stops waiting for headers when the signal aborts, without trying again', async () => {
    a.handle(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await client()
      .stream(`${a.origin}/silent`, { signal: controller.signal })
      .catch((e: Error) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(a.hits).toHaveLength(1);
  });
});
