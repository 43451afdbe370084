import { CloudDrivePaths, type CloudFile } from '@bookshelf/contract';
import { makePdf, startFakeGoogleDrive, type FakeGoogleDrive } from '@bookshelf/test-support';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUp } from '../../../test/browser.js';
import { connect, startDrivesHarness, type DrivesHarness } from '../connections/connect-harness.js';

let drive: FakeGoogleDrive;
let harness: DrivesHarness;

beforeAll(async () => {
  drive = await startFakeGoogleDrive();
  harness = await startDrivesHarness({ googleApiBaseUrl: drive.url });
});
afterAll(async () => {
  await harness.close();
  await drive.close();
});

it('reads a Google Drive PDF by ranges with the reader’s own token, never the whole file, for its cover', async () => {
  // A scan-sized PDF: its first page is at the start, its cross-reference table at the end.
  const pdf = await makePdf({ pages: 30, targetBytes: 4 * 1024 * 1024 });
  drive.addFile({ path: 'Books/Scan.pdf', content: pdf, hasThumbnail: false });
  const reader = await signUp(harness.t.app);
  const stranger = await signUp(harness.t.app);
  await connect(reader.browser, 'google');
  await harness.t.app.jobs.drain(); // the first sync, then the thumbnails it queued

  const res = await reader.browser.get(CloudDrivePaths.files);
  const scan = res.json<CloudFile[]>().find((f) => f.name === 'Scan.pdf');
  expect(scan?.thumbnailUrl).toMatch(/\/thumbnail\?v=[0-9a-f]{16}$/);
  const thumbnail = await reader.browser.get(scan!.thumbnailUrl!);
  expect(thumbnail.statusCode).toBe(200);
  expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');
  expect((await stranger.browser.get(scan!.thumbnailUrl!)).statusCode).toBe(404);

  const downloads = drive.requests.filter((r) => r.query.get('alt') === 'media');
  expect(downloads.length).toBeGreaterThan(0);
  expect(downloads.every((r) => /^bytes=\d+-\d+$/.test(String(r.headers.range)))).toBe(true);
  expect(downloads.every((r) => String(r.headers.authorization).startsWith('Bearer '))).toBe(true);
  const fetched = downloads.reduce((sum, r) => {
    const [start, end] = String(r.headers.range).slice(6).split('-').map(Number);
    return sum + end! - start! + 1;
  }, 0);
  expect(fetched).toBeLessThan(pdf.length / 4);
});
