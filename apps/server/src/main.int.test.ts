import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Agent, get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../../scripts/build.mjs';
import { createTestDatabase, testDatabaseKind } from './test/database.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Running {
  child: ChildProcess;
  baseUrl: string;
  exit: Promise<number | null>;
  /** Resolves with the first line of stdout, from now on, that matches. */
  nextLine(pattern: RegExp): Promise<string>;
}

const FROM_SOURCE = ['--conditions=source', '--import', 'tsx', 'src/main.ts'];

/** Starts the real entry point (src/main.ts through tsx, or a bundle) and waits for its line for people. */
async function startServer(env: Record<string, string>, entry = FROM_SOURCE): Promise<Running> {
  const child = spawn(process.execPath, entry, {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stderr: string[] = [];
  child.stderr.on('data', (d: Buffer) => stderr.push(d.toString()));
  const lines = createInterface({ input: child.stdout });
  const nextLine = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const onLine = (line: string) => {
        if (!pattern.test(line)) return;
        lines.off('line', onLine);
        resolve(line);
      };
      lines.on('line', onLine);
    });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr.join('')}`)), 30_000);
    void exit.then((code) => reject(new Error(`server exited with ${String(code)}: ${stderr.join('')}`)));
    void nextLine(/^Bookshelf is ready at /).then((line) => {
      clearTimeout(timer);
      resolve(line.replace('Bookshelf is ready at ', ''));
    });
  });
  return { child, baseUrl, exit, nextLine };
}

/** A raw connection to the server, recording what it receives and how it ends. */
async function openSocket(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  let received = '';
  let error: string | undefined;
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
  const closed = once(socket, 'close');
  return { socket, closed, received: () => received, error: () => error };
}

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-main-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };
  let dropDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    if (testDatabaseKind === 'postgres') {
      const database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
      dropDatabase = () => database.close();
    }
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, answers /api/health, and exits 0 on SIGTERM; then starts again on the same data', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await startServer(env);
      const res = await fetch(`${server.baseUrl}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });

      const stoppedAt = Date.now();
      server.child.kill(signal);
      expect(await server.exit).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    }
  });

  it('prints where to open it: the address and port it bound', async () => {
    const server = await startServer(env);
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(server.baseUrl).port).not.toBe('0');
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  });

  it('on SIGTERM closes idle keep-alive and never-used connections at once, and answers a request in flight', async () => {
    const server = await startServer(env);
    // A browser holds a keep-alive connection after its last request, and opens one ahead of its next.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const keptAlive = await new Promise<Socket>((resolve, reject) => {
      get(`${server.baseUrl}/api/health`, { agent }, (res) => {
        const socket = res.socket;
        res.resume();
        res.on('end', () => resolve(socket));
      }).on('error', reject);
    });
    const keptAliveClosed = once(keptAlive, 'close');
    const preconnected = await openSocket(server.baseUrl);
    // A sign-in whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.org', password: 'not the password' });
    const inFlight = await openSocket(server.baseUrl);
    inFlight.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: test\r\n` +
        `Content-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));

    const stoppedAt = Date.now();
    const draining = server.nextLine(/shutting down/);
    server.child.kill('SIGTERM');
    await draining;
    await Promise.all([keptAliveClosed, preconnected.closed]);
    inFlight.socket.write(body.slice(10));
    await inFlight.closed;

    expect(await server.exit).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(3_000);
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(inFlight.received()).toMatch(/^connection: close\r$/im);
    expect(inFlight.error()).toBeUndefined();
    agent.destroy();
  });

  it('on SIGTERM answers or refuses the requests of busy keep-alive clients, and never resets one', async () => {
    const server = await startServer(env);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes: string[] = [];
    const request = () =>
      new Promise<void>((resolve) => {
        get(`${server.baseUrl}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            outcomes.push(`${res.statusCode} ${res.headers.connection}`);
            // The signal comes while every connection has a request in flight or on its way.
            if (outcomes.length === 20) server.child.kill('SIGTERM');
            resolve();
          });
        }).on('error', (e: NodeJS.ErrnoException) => {
          outcomes.push(e.code ?? e.message);
          resolve();
        });
      });
    await Promise.all(Array.from({ length: 100 }, request));

    expect(await server.exit).toBe(0);
    // Answered (those on their way at the signal with Connection: close), or refused once the server
    // stopped listening; before, some were reset (PGlite) or answered 503 (PostgreSQL).
    const allowed = ['200 keep-alive', '200 close', 'ECONNREFUSED'];
    expect(outcomes.filter((o) => !allowed.includes(o))).toEqual([]);
    expect(outcomes).toContain('200 close');
    agent.destroy();
  });

  it.runIf(testDatabaseKind === 'pglite')('refuses to open a DATA_DIR that another running server uses', async () => {
    const first = await startServer(env);
    try {
      await expect(startServer(env)).rejects.toThrow(/exited with 1[\s\S]*Another Bookshelf server/);
      expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exit).toBe(0);
    }
  });

  it('runs from the bundle that npm start builds, and migrates a new database from there', async () => {
    // Inside the repository, where the bundle's npm packages resolve as they do from apps/server/dist.
    // `npm test` makes node_modules/.tmp; a bare `vitest run` on a fresh install has not.
    const tmpRoot = path.join(serverDir, '../../node_modules/.tmp');
    mkdirSync(tmpRoot, { recursive: true });
    const bundleDir = mkdtempSync(path.join(tmpRoot, 'bundle-'));
    try {
      await bundleServer(path.join(bundleDir, 'main.js'));
      const fresh = path.join(dataDir, 'from-bundle');
      const server = await startServer({ ...env, DATA_DIR: fresh }, [path.join(bundleDir, 'main.js')]);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      const signUp = await fetch(`${server.baseUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'test' },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.org', password: 'Quiet-lamp-71-orbit' }),
      });
      expect(signUp.status).toBe(201);
      server.child.kill('SIGTERM');
      expect(await server.exit).toBe(0);
    } finally {
      rmSync(bundleDir, { recursive: true, force: true });
    }
  });

  it('refuses a bad configuration with a message and exit code 1', async () => {
    await expect(startServer({ ...env, PORT: 'eighty' })).rejects.toThrow(/exited with 1[\s\S]*PORT/);
  });
});
