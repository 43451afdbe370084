import { CloudDriveMessages } from '@bookshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveConnections, jobs, jobSchedules } from '../../../db/schema/index.js';
import { createAccess } from '../../../platform/access/access.js';
import { noAdmins } from '../../../platform/access/admins.js';
import { noRelationships } from '../../../platform/access/relationships.js';
import { enqueueJob } from '../../../platform/jobs/job-store.js';
import type { BlobStore } from '../../../platform/storage/blob-store.js';
import { signUp, type Browser } from '../../../test/browser.js';
import type { CloudDrivesConfig } from '../cloud-drives.deps.js';
import type { CloudDrivesParts } from '../cloud-drives.parts.js';
import { createDriveAccess } from '../drive-access.js';
import { ProviderError, type ProviderAuth } from '../providers/provider.js';
import { SYNC_JOB } from '../sync/sync-status.js';
import { connect, startDrivesHarness, type DrivesHarness } from './connect-harness.js';
import { TOKEN_REFRESH_JOB, TOKEN_REFRESH_SCHEDULE } from './token-refresh.job.js';
import { createConnectionTokens, type DriveTokens } from './tokens.js';

let h: DrivesHarness;
let browser: Browser;
let tokens: DriveTokens;
let parts: CloudDrivesParts;

const silent = () => undefined;
const log = { warn: silent, error: silent, info: silent, debug: silent } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  h = await startDrivesHarness();
  browser = (await signUp(h.t.app)).browser;
  // A second token store on the same database and key, as a second process would have.
  const config: CloudDrivesConfig = {
    google: { clientId: h.google.clientId, clientSecret: h.google.clientSecret, authBaseUrl: h.google.url },
    microsoft: {
      clientId: h.microsoft.clientId,
      clientSecret: h.microsoft.clientSecret,
      authBaseUrl: h.microsoft.url,
    },
    allowPrivateAddresses: true,
    encryptionKey: h.encryptionKey,
  };
  const access = createAccess({ relationships: noRelationships, admins: noAdmins });
  parts = {
    db: h.t.database.db,
    access,
    admins: noAdmins,
    storage: undefined as unknown as BlobStore,
    config,
    publishLive: () => Promise.resolve(),
    log,
    now: () => new Date(),
    driveAccess: createDriveAccess({ access, admins: noAdmins, libraryDirShared: false }),
    secretBox: h.secretBox,
    providers: { providerFor: () => undefined, close: () => Promise.resolve() },
  };
  tokens = createConnectionTokens(parts);
});
afterAll(async () => {
  await tokens.close();
  await h.close();
});

const row = async (id: string) =>
  (await h.t.database.db.select().from(driveConnections).where(eq(driveConnections.id, id)))[0]!;
const expireIn = (id: string, ms: number) =>
  h.t.database.db
    .update(driveConnections)
    .set({ tokenExpiresAt: new Date(Date.now() + ms) })
    .where(eq(driveConnections.id, id));
const refreshGrants = (fake: DrivesHarness['google']) =>
  fake
    .requestsTo('POST', new URL(fake.endpoints.token).pathname)
    .filter((r) => new URLSearchParams(r.body).get('grant_type') === 'refresh_token').length;

/** A tiny provider call: the fake's userinfo, a 401 turned into the ProviderError a real provider throws. */
function userinfo(fake: DrivesHarness['google'], seen: (string | null)[]) {
  return async (auth: ProviderAuth) => {
    seen.push(auth.accessToken);
    const res = await fetch(fake.endpoints.userinfo, { headers: { authorization: `Bearer ${auth.accessToken}` } });
    if (res.status === 401) throw new ProviderError('Google Drive API error: Unauthorized', 401);
    return (await res.json()) as { sub: string };
  };
}

describe('withAuth', () => {
  it('calls with the stored token while it is good, without refreshing', async () => {
    const connection = await connect(browser, 'google');
    const grants = refreshGrants(h.google);
    const seen: (string | null)[] = [];
    const info = await tokens.withAuth(connection.id, userinfo(h.google, seen));
    expect(info.sub).toBeTruthy();
    expect(seen).toEqual([h.secretBox.open((await row(connection.id)).accessTokenEnc!)]);
    expect(refreshGrants(h.google)).toBe(grants);
  });

  it('refreshes first when the token expires within five minutes, once for calls made together', async () => {
    const connection = await connect(browser, 'google');
    const old = h.secretBox.open((await row(connection.id)).accessTokenEnc!);
    await expireIn(connection.id, 4 * 60_000);
    const grants = refreshGrants(h.google);
    const seen: (string | null)[] = [];
    await Promise.all([1, 2, 3].map(() => tokens.withAuth(connection.id, userinfo(h.google, seen))));
    expect(refreshGrants(h.google)).toBe(grants + 1);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]).not.toBe(old);
    const stored = await row(connection.id);
    expect(h.secretBox.open(stored.accessTokenEnc!)).toBe(seen[0]);
    expect(stored.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
  });

  it('refreshes once and calls again when the provider answers 401', async () => {
    const connection = await connect(browser, 'onedrive');
    h.microsoft.expireAccessTokens(); // refused before the expiry we stored
    const grants = refreshGrants(h.microsoft);
    const seen: (string | null)[] = [];
    const calls = userinfo(h.microsoft, seen);
    await tokens.withAuth(connection.id, calls);
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
    expect(refreshGrants(h.microsoft)).toBe(grants + 1);
    // The rotated refresh token was kept.
    expect(h.microsoft.isValidRefreshToken(h.secretBox.open((await row(connection.id)).refreshTokenEnc!))).toBe(true);
  });

  it('gives up after one retry, and says to reconnect when the refresh is refused', async () => {
    const connection = await connect(browser, 'google');
    let calls = 0;
    const alwaysRefused = () => {
      calls += 1;
      return Promise.reject(new ProviderError('Google Drive API error: Unauthorized', 401));
    };
    await expect(tokens.withAuth(connection.id, alwaysRefused)).rejects.toBeInstanceOf(ProviderError);
    expect(calls).toBe(2);

    h.google.revokeAll();
    await expireIn(connection.id, 60_000);
    await expect(tokens.withAuth(connection.id, () => Promise.resolve(1))).rejects.toMatchObject({
      statusCode: 409,
      message: CloudDriveMessages.tokenRefreshFailed,
    });
    expect((await row(connection.id)).isActive).toBe(false);
  });

  it('keeps the connection when the server’s own client is refused (a wrong secret), which an operator can fix', async () => {
    const connection = await connect(browser, 'google');
    const misconfigured = createConnectionTokens({
      ...parts,
      config: { ...parts.config, google: { ...parts.config.google!, clientSecret: 'not the secret' } },
    });
    try {
      await expireIn(connection.id, 60_000);
      await expect(misconfigured.withAuth(connection.id, () => Promise.resolve(1))).rejects.toMatchObject({
        statusCode: 502,
        message: CloudDriveMessages.tokenRefreshFailed,
      });
      expect((await row(connection.id)).isActive).toBe(true);
      // With the right secret the same connection refreshes and works.
      expect(await tokens.withAuth(connection.id, () => Promise.resolve(2))).toBe(2);
    } finally {
      await misconfigured.close();
    }
  });

  it('hands the library folder and uploads no token, and a missing connection 404', async () => {
    const [uploads] = await h.t.database.db
      .insert(driveConnections)
      .values({ userId: null, provider: 'local', accountName: 'Library' })
      .returning();
    expect(await tokens.withAuth(uploads!.id, (auth) => Promise.resolve(auth))).toEqual({ accessToken: null });
    await expect(
      tokens.withAuth('00000000-0000-4000-8000-000000000000', () => Promise.resolve(1)),
    ).rejects.toMatchObject({ statusCode: 404, message: CloudDriveMessages.connectionNotFound });
    await h.t.database.db.delete(driveConnections).where(eq(driveConnections.id, uploads!.id));
  });
});

describe('the five-minute token refresh', () => {
  it('is scheduled every five minutes', async () => {
    expect(TOKEN_REFRESH_SCHEDULE.cron).toBe('*/5 * * * *');
    await h.t.app.jobs.registerSchedules();
    const [schedule] = await h.t.database.db
      .select()
      .from(jobSchedules)
      .where(eq(jobSchedules.name, TOKEN_REFRESH_SCHEDULE.name));
    expect(schedule).toMatchObject({ cron: '*/5 * * * *', kind: TOKEN_REFRESH_JOB });
  });

  it('refreshes active cloud tokens expiring within five minutes; one failing does not stop the others', async () => {
    const { browser: mine } = await signUp(h.t.app);
    // Each another account: connecting the same one again would update the first connection.
    const account = async (provider: 'google' | 'onedrive', id: string) => {
      (provider === 'google' ? h.google : h.microsoft).setUser({ id, email: `${id}@example.com`, name: id });
      return connect(mine, provider);
    };
    const google = await account('google', 'job-g1');
    const onedrive = await account('onedrive', 'job-m1');
    const broken = await account('google', 'job-g2');
    const later = await account('onedrive', 'job-m2');
    const off = await account('google', 'job-g3');
    for (const c of [google, onedrive, broken, off]) await expireIn(c.id, 2 * 60_000);
    await h.t.database.db
      .update(driveConnections)
      .set({ refreshTokenEnc: h.secretBox.seal('revoked-long-ago') })
      .where(eq(driveConnections.id, broken.id));
    await h.t.database.db.update(driveConnections).set({ isActive: false }).where(eq(driveConnections.id, off.id));
    const before = new Map(
      await Promise.all([google, onedrive, later, off].map(async (c) => [c.id, await row(c.id)] as const)),
    );
    // Only this job: the first syncs the connects queued would reach for drives nobody fakes here.
    await h.t.database.db.delete(jobs).where(eq(jobs.kind, SYNC_JOB));

    const job = await enqueueJob(h.t.database.db, TOKEN_REFRESH_JOB, {});
    await h.t.app.jobs.drain();
    const [done] = await h.t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'succeeded' });
    expect(done!.result).toEqual({ due: 3, refreshed: 2, failed: 1 });

    for (const c of [google, onedrive]) {
      const after = await row(c.id);
      expect(after.accessTokenEnc).not.toBe(before.get(c.id)!.accessTokenEnc);
      expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    }
    for (const c of [later, off]) expect((await row(c.id)).accessTokenEnc).toBe(before.get(c.id)!.accessTokenEnc);
    expect((await row(broken.id)).isActive).toBe(false);
  });
});
