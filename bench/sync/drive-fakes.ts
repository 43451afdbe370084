// The stand-ins for Google the sync bench connects to, in the bench's own process: the fake OAuth provider (the
// connect flow's consent and tokens) and the fake Drive holding the generated library, which also accepts a
// token of the bench's own so its bare client can ask Drive what the app asked, without the app.
import { randomBytes } from 'node:crypto';
import { startFakeGoogleDrive, type FakeGoogleDrive } from '../../test-support/src/fake-google-drive.js';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../../test-support/src/fake-oauth.js';
import type { RecordedRequest } from '../../test-support/src/fake-server.js';

export interface DriveFakes {
  oauth: FakeOAuthProvider;
  drive: FakeGoogleDrive;
  /** A bearer token Drive accepts besides the app's: the bare baseline's. */
  benchToken: string;
  /** The environment that points the built app's Google sign-in and Drive at the fakes. */
  appEnv: Record<string, string>;
  close(): Promise<void>;
}

/** `delayMs`: the fake Drive waits this long before each answer, standing in for Google's own latency. */
export async function startDriveFakes({ delayMs = 0 }: { delayMs?: number } = {}): Promise<DriveFakes> {
  const benchToken = `bench-${randomBytes(16).toString('hex')}`;
  const oauth = await startFakeOAuthProvider({ kind: 'google' });
  const drive = await startFakeGoogleDrive({
    isValidToken: (token) => token === benchToken || oauth.isValidAccessToken(token),
    ...(delayMs > 0 ? { delayMs } : {}),
  });
  return {
    oauth,
    drive,
    benchToken,
    appEnv: {
      GOOGLE_CLIENT_ID: oauth.clientId,
      GOOGLE_CLIENT_SECRET: oauth.clientSecret,
      GOOGLE_OAUTH_BASE_URL: oauth.url,
      GOOGLE_API_BASE_URL: drive.url,
    },
    close: async () => {
      await drive.close();
      await oauth.close();
    },
  };
}

/**
 * Fills the drive with `count` files, `perFolder` to a folder under Library/, and has each one's md5Checksum
 * worked out now: the fake makes it when a file is first listed, which would otherwise land on whichever
 * client lists first (the app or the baseline) and tilt the comparison.
 */
export function fillDrive(drive: FakeGoogleDrive, count: number, perFolder: number) {
  const files = drive.generateFiles({ count, perFolder });
  for (const f of files) drive.file(f.id);
  return files;
}

/** A Drive API call and when it reached the fake (performance.now()). */
export interface TimedCall {
  request: RecordedRequest;
  at: number;
}

/**
 * Notes when each request reaches the fake drive: the fake records requests but not their time, and the gaps
 * between the sync's calls show where its time goes (the pacer's 50 ms, or our work on a page beyond it).
 * The fake pushes each request onto its `requests` array as it arrives, so the array's own push is wrapped.
 */
export function clockArrivals(drive: FakeGoogleDrive): Map<RecordedRequest, number> {
  const arrivals = new Map<RecordedRequest, number>();
  const requests = drive.requests;
  const push = requests.push.bind(requests);
  requests.push = (...items: RecordedRequest[]) => {
    for (const item of items) arrivals.set(item, performance.now());
    return push(...items);
  };
  return arrivals;
}

/** The Drive API calls among `requests` (thumbnails and downloads aside, none are made by a sync), timed. */
export const apiCalls = (requests: readonly RecordedRequest[], arrivals: Map<RecordedRequest, number>): TimedCall[] =>
  requests
    .filter((r) => r.path.startsWith('/drive/v3/'))
    .map((request) => ({ request, at: arrivals.get(request) ?? Number.NaN }));

/**
 * The bare baseline: the very calls the app's sync made (same paths and queries, page tokens included), sent
 * again one after another by a plain fetch client; answers each one's time in ms. What remains of the sync's
 * time is ours: the pacer, the job, SQL, the outbound client.
 */
export async function replayCalls(fakes: DriveFakes, calls: readonly TimedCall[]): Promise<number[]> {
  const headers = { authorization: `Bearer ${fakes.benchToken}`, accept: 'application/json' };
  const times: number[] = [];
  for (const { request } of calls) {
    const query = request.query.toString();
    const started = performance.now();
    const res = await fetch(`${fakes.drive.url}${request.path}${query ? `?${query}` : ''}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`the fake drive answered ${res.status} to ${request.path}`);
    times.push(performance.now() - started);
  }
  return times;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The baseline `rounds` times over, after a warm-up round (none for a single round, with a slow fake): each
 * call's time from the round of median total.
 */
export async function bareBaseline(fakes: DriveFakes, calls: readonly TimedCall[], rounds = 3): Promise<number[]> {
  if (rounds > 1) await replayCalls(fakes, calls);
  const runs: number[][] = [];
  for (let i = 0; i < rounds; i += 1) runs.push(await replayCalls(fakes, calls));
  return runs.sort((a, b) => sum(a) - sum(b))[Math.floor((rounds - 1) / 2)]!;
}
