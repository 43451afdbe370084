/**
 * Tests only: the app with Google Drive and OneDrive pointed at fake OAuth providers, and a reader's connect
 * flow driven end to end (the popup's redirect to the provider, consent, the code posted back).
 */
import { randomBytes } from 'node:crypto';
import { CloudDrivePaths, type CloudConnection, type CloudProvider } from '@bookshelf/contract';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '@bookshelf/test-support';
import { expect } from 'vitest';
import { createSecretBox } from '../../../platform/secret-box.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import type { Browser } from '../../../test/browser.js';

/** A port where nothing listens: drive API calls (a sync started by a connect) fail at once. */
const NOWHERE = 'http://127.0.0.1:1';

export interface DrivesHarness {
  t: TestApp;
  google: FakeOAuthProvider;
  microsoft: FakeOAuthProvider;
  encryptionKey: Buffer;
  secretBox: ReturnType<typeof createSecretBox>;
  /** Moves the app's clock. */
  setOffsetMs(ms: number): void;
  close(): Promise<void>;
}

export async function startDrivesHarness(
  options: { libraryDir?: string; /** A fake Google Drive to sync from. */ googleApiBaseUrl?: string } = {},
): Promise<DrivesHarness> {
  const google = await startFakeOAuthProvider({ kind: 'google' });
  const microsoft = await startFakeOAuthProvider({ kind: 'microsoft' });
  const encryptionKey = randomBytes(32);
  let offsetMs = 0;
  const t = await createTestApp({
    oauth: {
      google: { clientId: google.clientId, clientSecret: google.clientSecret, baseUrl: google.url },
      twitter: undefined,
    },
    drives: {
      microsoft: {
        clientId: microsoft.clientId,
        clientSecret: microsoft.clientSecret,
        authBaseUrl: microsoft.url,
        apiBaseUrl: NOWHERE,
      },
      googleApiBaseUrl: options.googleApiBaseUrl ?? NOWHERE,
      allowPrivateAddresses: true,
      encryptionKey,
      libraryDir: options.libraryDir,
      watchLibraryDir: false,
    },
    startJobs: false,
    now: () => new Date(Date.now() + offsetMs),
  });
  return {
    t,
    google,
    microsoft,
    encryptionKey,
    secretBox: createSecretBox(encryptionKey),
    setOffsetMs: (ms) => {
      offsetMs = ms;
    },
    close: async () => {
      await t.close();
      await google.close();
      await microsoft.close();
    },
  };
}

export const connectPath = (provider: string) => CloudDrivePaths.connect.replace('{provider}', provider);
export const callbackPath = (provider: string) => CloudDrivePaths.connectCallback.replace('{provider}', provider);
export const connectionPath = (id: string) => CloudDrivePaths.connection.replace('{id}', id);
export const refreshPath = (id: string) => CloudDrivePaths.refreshConnection.replace('{id}', id);

/** The popup's trip: our start redirects to the provider, which (consenting at once) redirects back with a code. */
export async function authorize(browser: Browser, provider: CloudProvider) {
  const start = await browser.get(connectPath(provider));
  expect(start.statusCode, start.body).toBe(302);
  const authorizeUrl = new URL(String(start.headers.location));
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  return {
    authorizeUrl,
    back,
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  };
}

/** A whole connect: answers the new connection. */
export async function connect(browser: Browser, provider: CloudProvider): Promise<CloudConnection> {
  const { code, state } = await authorize(browser, provider);
  const res = await browser.post(callbackPath(provider), { code, state });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CloudConnection>();
}
