import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUp } from '../test/browser.js';
import { unknownHostMessage } from './own-origin.js';

/**
 * Without PUBLIC_URL, OAuth redirect URIs were built from whatever Host header a request carried (issue 27):
 * a link to our sign-in with a Host of the attacker's made the provider send the code there. Now only a Host
 * the server knows is used: its own listen addresses, or ALLOWED_HOSTS.
 */
const google = { clientId: 'client-id', clientSecret: 'client-secret', baseUrl: 'http://127.0.0.1:1' };

const redirectUriOf = (location: string | undefined) =>
  new URL(location ?? 'http://x/').searchParams.get('redirect_uri');

describe('sign-in redirect URIs without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      oauth: { google, twitter: undefined },
      allowedHosts: ['books.lan', 'shelf.example:8443'],
    });
  });
  afterAll(() => t.close());

  it('refuses to start sign-in on a Host the server does not know, and sets no pending cookie', async () => {
    for (const host of ['evil.example', 'evil.example:80', 'books.lan.evil.example', 'shelf.example:9999']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/google', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().error.message).toBe(unknownHostMessage(host));
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('builds them on a Host in ALLOWED_HOSTS (any port for a bare name, the named one otherwise)', async () => {
    const cases = [
      ['books.lan:3000', 'http://books.lan:3000/api/auth/google/callback'],
      ['BOOKS.LAN', 'http://BOOKS.LAN/api/auth/google/callback'],
      ['shelf.example:8443', 'http://shelf.example:8443/api/auth/google/callback'],
    ] as const;
    for (const [host, uri] of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/google', headers: { host } });
      expect(res.statusCode, res.body).toBe(302);
      expect(redirectUriOf(res.headers.location)).toBe(uri);
    }
  });

  it('refuses to start a drive connection on an unknown Host too', async () => {
    const { browser } = await signUp(t.app);
    const res = await browser.get('/api/cloud-drives/connect/google', { headers: { host: 'evil.example' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(unknownHostMessage('evil.example'));
  });
});

describe('a listening server', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ oauth: { google, twitter: undefined }, allowedHosts: [] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  // fetch() will not send a Host header of its own choosing; node:http will.
  const start = (host: string) =>
    new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/api/auth/google', headers: { host } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      }).on('error', reject);
    });

  it('knows its own listen address, and localhost for a loopback one', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const res = await start(host);
      expect(res.status, host).toBe(302);
      expect(redirectUriOf(res.location)).toBe(`http://${host}/api/auth/google/callback`);
    }
  });

  it('refuses any other Host, another port of its own address included', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`]) {
      expect((await start(host)).status, host).toBe(400);
    }
  });
});

describe('with PUBLIC_URL', () => {
  it('builds them on PUBLIC_URL whatever the Host', async () => {
    const t = await createTestApp({ publicUrl: 'https://books.example.org', oauth: { google, twitter: undefined } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/google', headers: { host: 'evil.example' } });
      expect(res.statusCode).toBe(302);
      expect(redirectUriOf(res.headers.location)).toBe('https://books.example.org/api/auth/google/callback');
    } finally {
      await t.close();
    }
  });
});
