import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CloudDriveMessages,
  CloudDrivePaths,
  type CloudConnection,
  type CloudProvidersInfo,
} from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveConnections, driveFileMarks, driveFiles, jobs } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/app.js';
import { signUp, type Browser } from '../../../test/browser.js';
import {
  authorize,
  callbackPath,
  connect,
  connectionPath,
  connectPath,
  refreshPath,
  startDrivesHarness,
  type DrivesHarness,
} from './connect-harness.js';

let h: DrivesHarness;
let libraryDir: string;
let admin: { browser: Browser; me: { id: string } };
let reader: { browser: Browser; me: { id: string } };

beforeAll(async () => {
  libraryDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-connections-'));
  h = await startDrivesHarness({ libraryDir });
  admin = await signUp(h.t.app); // the instance's first account: its administrator, who sees the library folder
  reader = await signUp(h.t.app);
});
afterAll(async () => {
  await h.close();
  rmSync(libraryDir, { recursive: true, force: true });
});

const row = async (id: string) => {
  const [found] = await h.t.database.db.select().from(driveConnections).where(eq(driveConnections.id, id));
  return found;
};
const list = async (browser: Browser) => {
  const res = await browser.get(CloudDrivePaths.connections);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CloudConnection[]>();
};
const addFiles = async (connectionId: string, userId: string, n: number) => {
  const ids = Array.from({ length: n }, (_, i) => `google_${connectionId.slice(0, 8)}-${i}-${Date.now()}`);
  await h.t.database.db.insert(driveFiles).values(
    ids.map((id, i) => ({
      id,
      connectionId,
      externalId: `ext-${id}`,
      name: `book-${i}.epub`,
      fileType: 'epub',
      modifiedAt: new Date(),
      isDeleted: i === n - 1,
    })),
  );
  await h.t.database.db.insert(driveFileMarks).values({ userId, fileId: ids[0]!, isFavorite: true });
  return ids;
};

describe('connecting a drive', () => {
  it('redirects to Google with state and PKCE, and stores the account with sealed tokens on the callback', async () => {
    const { browser } = await signUp(h.t.app);
    h.google.setUser({ id: 'g-ada', email: 'ada@gmail.com', emailVerified: true, name: 'Ada Reader' });
    const { authorizeUrl, code, state } = await authorize(browser, 'google');
    const q = authorizeUrl.searchParams;
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(h.google.endpoints.authorize);
    expect(q.get('state')).toBe(state);
    expect(q.get('code_challenge')).toBeTruthy();
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toBe('openid email profile https://www.googleapis.com/auth/drive.readonly');
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    // The popup comes back on the origin the app was opened on (inject's Host here).
    expect(q.get('redirect_uri')).toBe('http://localhost:80/oauth/callback/google');

    const res = await browser.post(callbackPath('google'), { code, state });
    expect(res.statusCode, res.body).toBe(201);
    const connection = res.json<CloudConnection>();
    expect(connection).toMatchObject({
      provider: 'google',
      accountName: 'Ada Reader',
      accountEmail: 'ada@gmail.com',
      isActive: true,
      health: 'connected',
      fileCount: 0,
      builtIn: false,
    });

    // The exchange sent the verifier and the same redirect URI, authenticated as our client.
    const [exchange] = h.google.requestsTo('POST', '/token').slice(-1);
    const form = new URLSearchParams(exchange!.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('redirect_uri')).toBe('http://localhost:80/oauth/callback/google');
    expect(form.get('code_verifier')).toBeTruthy();

    const stored = (await row(connection.id))!;
    expect(stored.externalAccountId).toBe('g-ada');
    const access = h.secretBox.open(stored.accessTokenEnc!);
    const refresh = h.secretBox.open(stored.refreshTokenEnc!);
    expect(h.google.isValidAccessToken(access)).toBe(true);
    expect(h.google.isValidRefreshToken(refresh)).toBe(true);
    expect(stored.accessTokenEnc).not.toContain(access);
    expect(stored.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    // No answer ever carries a token.
    const listed = await browser.get(CloudDrivePaths.connections);
    for (const body of [res.body, listed.body]) {
      expect(body).not.toContain(access);
      expect(body).not.toContain(refresh);
      expect(body).not.toContain('accessToken');
    }
  });

  it('connects OneDrive with the account named by the id_token, and refuses the state a second time', async () => {
    const { browser } = await signUp(h.t.app);
    h.microsoft.setUser({ id: 'oid-grace', email: 'grace@outlook.com', name: 'Grace Hopper' });
    const { authorizeUrl, code, state } = await authorize(browser, 'onedrive');
    expect(authorizeUrl.pathname).toBe('/common/oauth2/v2.0/authorize');
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid profile email offline_access Files.Read');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://localhost:80/oauth/callback/onedrive');

    const res = await browser.post(callbackPath('onedrive'), { code, state });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      provider: 'onedrive',
      accountName: 'Grace Hopper',
      accountEmail: 'grace@outlook.com',
    });
    const stored = (await row(res.json<CloudConnection>().id))!;
    expect(stored.externalAccountId).toBe('oid-grace');
    expect(h.microsoft.isValidRefreshToken(h.secretBox.open(stored.refreshTokenEnc!))).toBe(true);

    const again = await browser.post(callbackPath('onedrive'), { code, state });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: { message: CloudDriveMessages.invalidState, issues: [{ path: 'state' }] },
    });
  });

  it('refuses an expired attempt, another reader’s, another provider’s, and an unknown state', async () => {
    const owner = await signUp(h.t.app);
    const other = await signUp(h.t.app);
    const first = await authorize(owner.browser, 'google');

    // Another reader cannot use it, and trying does not spend it.
    const stolen = await other.browser.post(callbackPath('google'), { code: first.code, state: first.state });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ error: { message: CloudDriveMessages.invalidState } });
    const wrongProvider = await owner.browser.post(callbackPath('onedrive'), {
      code: first.code,
      state: first.state,
    });
    expect(wrongProvider.statusCode).toBe(400);
    expect((await owner.browser.post(callbackPath('google'), first)).statusCode).toBe(201);

    const late = await authorize(owner.browser, 'google');
    h.setOffsetMs(11 * 60_000);
    try {
      const res = await owner.browser.post(callbackPath('google'), { code: late.code, state: late.state });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { issues: [{ path: 'state' }] } });
    } finally {
      h.setOffsetMs(0);
    }

    const unknown = await owner.browser.post(callbackPath('google'), { code: 'x', state: 'never-issued' });
    expect(unknown.statusCode).toBe(400);
    const blank = await owner.browser.post(callbackPath('google'), { code: '', state: 's' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: { issues: [{ path: 'body.code' }] } });
  });

  it('updates the same connection when the same account connects again, keeping its name', async () => {
    const { browser } = await signUp(h.t.app);
    h.google.setUser({ id: 'g-same', email: 'same@gmail.com', name: 'Same Person' });
    const first = await connect(browser, 'google');
    const before = (await row(first.id))!;
    await browser.patch(connectionPath(first.id), { accountName: 'Work drive', isActive: false });

    const second = await connect(browser, 'google');
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ accountName: 'Work drive', isActive: true, health: 'connected' });
    const after = (await row(first.id))!;
    expect(h.secretBox.open(after.accessTokenEnc!)).not.toBe(h.secretBox.open(before.accessTokenEnc!));
    expect((await list(browser)).filter((c) => c.provider === 'google')).toHaveLength(1);

    // Another Google account is another connection.
    h.google.setUser({ id: 'g-other', email: 'other@gmail.com', name: 'Other' });
    const third = await connect(browser, 'google');
    expect(third.id).not.toBe(first.id);
  });

  it('answers 502 with a readable message when the provider refuses the code, and keeps nothing', async () => {
    const { browser } = await signUp(h.t.app);
    const { code, state } = await authorize(browser, 'google');
    h.google.setBehaviour('token-error');
    try {
      const res = await browser.post(callbackPath('google'), { code, state });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        error: { message: 'Google Drive did not accept the connection. Please try again.' },
      });
    } finally {
      h.google.setBehaviour('approve');
    }
    expect(await list(browser)).toEqual([]);
  });

  it('needs a signed-in reader and a supported provider', async () => {
    const anonymous = (await signUp(h.t.app)).browser;
    anonymous.jar.clear();
    expect((await anonymous.get(connectPath('google'))).statusCode).toBe(401);
    expect((await anonymous.get(CloudDrivePaths.connections)).statusCode).toBe(401);
    const res = await reader.browser.get(connectPath('dropbox'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { issues: [{ path: 'params.provider' }] } });
  });
});

describe('providers and the list', () => {
  it('says which providers are set up, and offers the library folder only to who sees it', async () => {
    const forAdmin = await admin.browser.get(CloudDrivePaths.providers);
    expect(forAdmin.json<CloudProvidersInfo>()).toEqual({
      google: true,
      onedrive: true,
      local: true,
      uploadMaxBytes: 200 * 1024 * 1024,
    });
    const forReader = await reader.browser.get(CloudDrivePaths.providers);
    expect(forReader.json<CloudProvidersInfo>()).toMatchObject({ local: false });

    const adminList = await list(admin.browser);
    expect(adminList.find((c) => c.provider === 'local')).toMatchObject({ builtIn: true, health: 'connected' });
    expect((await list(reader.browser)).some((c) => c.provider === 'local')).toBe(false);
  });

  it('lists only my connections, with health and the count of files not deleted', async () => {
    const me = await signUp(h.t.app);
    const stranger = await signUp(h.t.app);
    const google = await connect(me.browser, 'google');
    const onedrive = await connect(me.browser, 'onedrive');
    await connect(stranger.browser, 'google');
    await addFiles(google.id, me.me.id, 4);

    // A token expiring within five minutes reads "Token expiring soon"; an inactive connection Disconnected.
    await h.t.database.db
      .update(driveConnections)
      .set({ tokenExpiresAt: new Date(Date.now() + 4 * 60_000) })
      .where(eq(driveConnections.id, onedrive.id));
    const before = await list(me.browser);
    expect(before.map((c) => c.id)).toEqual([google.id, onedrive.id]);
    expect(before[0]).toMatchObject({ health: 'connected', fileCount: 3 });
    expect(before[1]).toMatchObject({ health: 'expiring', fileCount: 0 });

    await me.browser.patch(connectionPath(google.id), { isActive: false });
    expect((await list(me.browser))[0]).toMatchObject({ isActive: false, health: 'disconnected' });
  });
});

describe('changing a connection', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let connection: CloudConnection;
  beforeAll(async () => {
    owner = await signUp(h.t.app);
    connection = await connect(owner.browser, 'onedrive');
  });

  it('renames and turns it off and on', async () => {
    const renamed = await owner.browser.patch(connectionPath(connection.id), { accountName: '  Books  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ accountName: 'Books', isActive: true });
    const off = await owner.browser.patch(connectionPath(connection.id), { isActive: false });
    expect(off.json()).toMatchObject({ accountName: 'Books', isActive: false, health: 'disconnected' });
    const on = await owner.browser.patch(connectionPath(connection.id), { isActive: true });
    expect(on.json()).toMatchObject({ isActive: true, health: 'connected' });
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [unknown, string][] = [
      [{ accountName: '' }, 'body.accountName'],
      [{ accountName: 'x'.repeat(101) }, 'body.accountName'],
      [{ accountName: 7 }, 'body.accountName'],
      [{ isActive: 'yes' }, 'body.isActive'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.browser.patch(connectionPath(connection.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: { issues: { path: string }[] } }>().error.issues[0]!.path).toBe(field);
    }
    const badId = await owner.browser.patch(connectionPath('not-a-uuid'), { isActive: true });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ error: { issues: [{ path: 'params.id' }] } });
  });

  it('answers 404 "Connection not found" for another reader’s connection or a missing one', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [connection.id, missing]) {
      for (const res of [
        await reader.browser.patch(connectionPath(id), { accountName: 'Mine now' }),
        await reader.browser.delete(connectionPath(id)),
        await reader.browser.post(refreshPath(id)),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: { message: CloudDriveMessages.connectionNotFound } });
      }
    }
    expect((await row(connection.id))!.accountName).not.toBe('Mine now');
  });

  it('refuses to rename or remove the library folder (400), which a reader who does not see it cannot find (404)', async () => {
    const local = (await list(admin.browser)).find((c) => c.provider === 'local')!;
    const rename = await admin.browser.patch(connectionPath(local.id), { accountName: 'Mine' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toMatchObject({ error: { message: CloudDriveMessages.notALocalChange } });
    expect((await admin.browser.delete(connectionPath(local.id))).statusCode).toBe(400);
    expect((await reader.browser.patch(connectionPath(local.id), { accountName: 'Mine' })).statusCode).toBe(404);
    // Nothing to refresh: it answers the folder as it is.
    expect((await admin.browser.post(refreshPath(local.id))).json()).toMatchObject({ id: local.id });
  });
});

describe('refreshing a token', () => {
  it('refreshes now and answers the connection with its new expiry', async () => {
    const { browser } = await signUp(h.t.app);
    const connection = await connect(browser, 'google');
    await h.t.database.db
      .update(driveConnections)
      .set({ tokenExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(driveConnections.id, connection.id));
    const before = (await row(connection.id))!;

    const res = await browser.post(refreshPath(connection.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: connection.id, health: 'connected' });
    const after = (await row(connection.id))!;
    const access = h.secretBox.open(after.accessTokenEnc!);
    expect(access).not.toBe(h.secretBox.open(before.accessTokenEnc!));
    expect(h.google.isValidAccessToken(access)).toBe(true);
    // Google keeps its refresh token: the stored one stays.
    expect(h.secretBox.open(after.refreshTokenEnc!)).toBe(h.secretBox.open(before.refreshTokenEnc!));
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect(res.body).not.toContain(access);
  });

  it('stores the refresh token a provider rotates', async () => {
    const { browser } = await signUp(h.t.app);
    const connection = await connect(browser, 'onedrive');
    const before = h.secretBox.open((await row(connection.id))!.refreshTokenEnc!);
    expect((await browser.post(refreshPath(connection.id))).statusCode).toBe(200);
    const after = h.secretBox.open((await row(connection.id))!.refreshTokenEnc!);
    expect(after).not.toBe(before);
    expect(h.microsoft.isValidRefreshToken(after)).toBe(true);
    expect(h.microsoft.isValidRefreshToken(before)).toBe(false);
  });

  it('says "Token refresh failed. Please reconnect your drive." and shows Disconnected when the provider refuses', async () => {
    const { browser } = await signUp(h.t.app);
    const connection = await connect(browser, 'google');

    // The provider down: 502, and the connection stays as it was.
    h.google.setBehaviour('server-error');
    try {
      const res = await browser.post(refreshPath(connection.id));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: { message: CloudDriveMessages.tokenRefreshFailed } });
      expect((await row(connection.id))!.isActive).toBe(true);
    } finally {
      h.google.setBehaviour('approve');
    }

    // The grant revoked at the provider: 409, and only a reconnect helps.
    await fetch(
      `${h.google.endpoints.revoke}?token=${h.secretBox.open((await row(connection.id))!.refreshTokenEnc!)}`,
      {
        method: 'POST',
      },
    );
    const res = await browser.post(refreshPath(connection.id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: { code: 'RECONNECT_REQUIRED', message: CloudDriveMessages.tokenRefreshFailed },
    });
    expect((await list(browser))[0]).toMatchObject({ isActive: false, health: 'disconnected' });
    const again = await connect(browser, 'google');
    expect(again).toMatchObject({ id: connection.id, isActive: true, health: 'connected' });
  });
});

describe('removing a connection', () => {
  it('revokes the grant at Google and removes the connection with its files and marks', async () => {
    const { browser, me } = await signUp(h.t.app);
    const connection = await connect(browser, 'google');
    const refreshToken = h.secretBox.open((await row(connection.id))!.refreshTokenEnc!);
    const syncJobId = (await row(connection.id))!.syncJobId;
    const files = await addFiles(connection.id, me.id, 3);
    const revokes = h.google.requestsTo('POST', '/revoke').length;

    const res = await browser.delete(connectionPath(connection.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: true });
    expect(h.google.requestsTo('POST', '/revoke')).toHaveLength(revokes + 1);
    expect(h.google.isValidRefreshToken(refreshToken)).toBe(false);
    expect(await row(connection.id)).toBeUndefined();
    expect(await h.t.database.db.select().from(driveFiles).where(eq(driveFiles.connectionId, connection.id))).toEqual(
      [],
    );
    expect(await h.t.database.db.select().from(driveFileMarks).where(eq(driveFileMarks.fileId, files[0]!))).toEqual([]);
    // Its first sync, queued by the connect, is cancelled.
    expect(syncJobId).not.toBeNull();
    const [job] = await h.t.database.db.select().from(jobs).where(eq(jobs.id, syncJobId!));
    expect(job?.state).toBe('cancelled');
    expect((await browser.delete(connectionPath(connection.id))).statusCode).toBe(404);
  });

  it('removes it anyway when revoking fails, answering revoked: false', async () => {
    const { browser, me } = await signUp(h.t.app);
    const connection = await connect(browser, 'google');
    await addFiles(connection.id, me.id, 2);
    h.google.setBehaviour('revoke-error');
    try {
      const res = await browser.delete(connectionPath(connection.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ revoked: false });
    } finally {
      h.google.setBehaviour('approve');
    }
    expect(await row(connection.id)).toBeUndefined();
    expect(await h.t.database.db.select().from(driveFiles).where(eq(driveFiles.connectionId, connection.id))).toEqual(
      [],
    );
  });

  it('removes a OneDrive connection without a call (Microsoft has no revocation endpoint)', async () => {
    const { browser } = await signUp(h.t.app);
    const connection = await connect(browser, 'onedrive');
    const calls = h.microsoft.requests.length;
    const res = await browser.delete(connectionPath(connection.id));
    expect(res.json()).toEqual({ revoked: true });
    expect(h.microsoft.requests).toHaveLength(calls);
    expect(await list(browser)).toEqual([]);
  });
});

describe('a server without drive clients', () => {
  it('offers no provider and answers the connect start and callback with "not set up"', async () => {
    const t = await createTestApp({ startJobs: false });
    try {
      const { browser } = await signUp(t.app);
      expect((await browser.get(CloudDrivePaths.providers)).json()).toMatchObject({
        google: false,
        onedrive: false,
        local: false,
      });
      const start = await browser.get(connectPath('onedrive'));
      expect(start.statusCode).toBe(404);
      expect(start.json()).toMatchObject({
        error: { message: CloudDriveMessages.providerNotConfigured('OneDrive') },
      });
      const callback = await browser.post(callbackPath('google'), { code: 'c', state: 's' });
      expect(callback.statusCode).toBe(404);
      expect(callback.json()).toMatchObject({
        error: { message: CloudDriveMessages.providerNotConfigured('Google Drive') },
      });
    } finally {
      await t.close();
    }
  });
});
