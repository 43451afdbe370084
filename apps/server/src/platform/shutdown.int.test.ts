import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { signUp } from '../test/browser.js';
import { openSse } from '../test/sse-client.js';
import { createShutdown } from './shutdown.js';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then closes resources', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const requestStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const t = await createTestApp({
      logger: { level: 'error' },
      extend: (app) =>
        app.get('/api/test/slow', { config: { anonymous: true } }, async () => {
          started();
          await gate;
          return { done: true };
        }),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;

    const closed: string[] = [];
    const shutdown = createShutdown({
      app: t.app,
      resources: [{ name: 'database', close: async () => void closed.push('database') }],
      timeoutMs: 5_000,
      log: t.app.log,
    });

    const inFlight = fetch(`${base}/api/test/slow`);
    await requestStarted;
    const exit = shutdown('SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    expect(closed).toEqual([]);

    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    expect(await exit).toBe(0);
    expect(closed).toEqual(['database']);
    expect(shutdown('SIGINT')).toBe(exit); // a second signal joins the first shutdown
    await t.database.close();
  });

  it('ends open event streams at once instead of waiting for them until the deadline', async () => {
    const t = await createTestApp({ logger: { level: 'error' } });
    const shutdown = createShutdown({ app: t.app, resources: [], timeoutMs: 5_000, log: t.app.log });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { browser } = await signUp(t.app);
    const cookie = [...browser.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const streams = await Promise.all([1, 2].map(() => openSse(`http://127.0.0.1:${port}/api/events`, { cookie })));
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const started = Date.now();
    expect(await shutdown('SIGTERM')).toBe(0);
    expect(Date.now() - started).toBeLessThan(1_000);
    await Promise.all(streams.map((s) => s.closedByServer(500)));
    await t.database.close();
  });

  it('gives up with exit code 1 when the deadline passes', async () => {
    const t = await createTestApp();
    const shutdown = createShutdown({
      app: t.app,
      resources: [{ name: 'stuck', close: () => new Promise<void>(() => undefined) }],
      timeoutMs: 100,
      log: t.app.log,
    });
    expect(await shutdown('SIGTERM')).toBe(1);
    await t.database.close();
  });
});
