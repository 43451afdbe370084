import { deflateRawSync } from 'node:zlib';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloudDrivePaths, type CloudFile, type UploadResult } from '@bookshelf/contract';
import { makeCbz, makePdf, pngImage } from '@bookshelf/test-support';
import { and, eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveFiles, jobs } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signUp, type Browser } from '../../../test/browser.js';
import { filePath, multipartForm } from '../files/files-harness.js';
import { THUMBNAILS_JOB } from './thumbnail-queue.js';

const RED: [number, number, number] = [220, 30, 30];
const BLUE: [number, number, number] = [30, 30, 220];
const GREEN: [number, number, number] = [30, 200, 30];

/** An EPUB 3 whose cover (`properties="cover-image"`) is red, listed after a blue picture of a chapter. */
function epubWithCover(opf?: string): Buffer {
  const manifest = `<manifest>
      <item id="chapter" href="chapter.xhtml" media-type="application/xhtml+xml"/>
      <item id="figure" href="images/figure.png" media-type="image/png"/>
      <item id="cover" href="images/the%20cover.png" media-type="image/png" properties="cover-image"/>
    </manifest>`;
  return Buffer.from(
    zipSync({
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
          '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
      'OEBPS/content.opf': strToU8(
        opf ??
          `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/>${manifest}<spine><itemref idref="chapter"/></spine></package>`,
      ),
      'OEBPS/chapter.xhtml': strToU8('<html><body><p>Once.</p></body></html>'),
      'OEBPS/images/figure.png': pngImage(40, 40, BLUE),
      'OEBPS/images/the cover.png': pngImage(120, 180, RED),
    }),
  );
}

/** An FB2 whose coverpage points at a green JPEG-less PNG binary, after another (blue) binary. */
function fb2WithCover(): Buffer {
  const b64 = (image: Buffer) => image.toString('base64').replace(/(.{76})/g, '$1\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><book-title>Green</book-title><coverpage><image l:href="#cover.png"/></coverpage></title-info></description>
<body><section><p>Text.</p></section></body>
<binary id="other.png" content-type="image/png">${b64(pngImage(30, 30, BLUE))}</binary>
<binary id="cover.png" content-type="image/png">
${b64(pngImage(100, 150, GREEN))}
</binary>
</FictionBook>`,
  );
}

/** A CBZ whose pages sort "page-2" before "page-10" (natural order), listed out of order in the archive. */
function cbzInNaturalOrder(): Buffer {
  return Buffer.from(
    zipSync({
      'page-10.png': [pngImage(60, 90, BLUE), { level: 0 }],
      'page-2.png': [pngImage(60, 90, GREEN), { level: 0 }],
      'page-3.png': [pngImage(60, 90, RED), { level: 0 }],
    }),
  );
}

/** A CBZ whose only page inflates to 48 MiB of zeros from a few kilobytes: a zip bomb. */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(48 * 1024 * 1024));
  const name = Buffer.from('page-1.png');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(100, 22); // the size it claims
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(100, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE package [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<package xmlns="http://www.idpf.org/2007/opf"><manifest>
<item id="cover" href="images/the%20cover.png" media-type="image/png" properties="cover-image"/>
</manifest></package>`;

let t: TestApp;
let admin: { browser: Browser; me: { id: string } };
let reader: { browser: Browser; me: { id: string } };
let stranger: { browser: Browser; me: { id: string } };
let libraryDir: string;

beforeAll(async () => {
  libraryDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-thumbnails-'));
  writeFileSync(path.join(libraryDir, 'Comic.cbz'), makeCbz({ images: 3 }));
  t = await createTestApp({ startJobs: false, drives: { libraryDir } });
  admin = await signUp(t.app); // the instance's first account: its administrator, who sees the library folder
  reader = await signUp(t.app);
  stranger = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(libraryDir, { recursive: true, force: true });
});

async function upload(browser: Browser, parts: { name: string; content: Buffer }[]): Promise<CloudFile[]> {
  const form = multipartForm(parts);
  const res = await browser.request({ method: 'POST', url: CloudDrivePaths.uploads, ...form });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadResult>().files;
}

async function listed(browser: Browser): Promise<Map<string, CloudFile>> {
  const res = await browser.get(CloudDrivePaths.files);
  expect(res.statusCode, res.body).toBe(200);
  return new Map(res.json<CloudFile[]>().map((f) => [f.name, f]));
}

/** The thumbnail's average colour, size and format. */
async function thumbnailOf(browser: Browser, url: string) {
  const res = await browser.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const bytes = res.rawPayload;
  const meta = await sharp(bytes).metadata();
  const { channels } = await sharp(bytes).stats();
  return {
    res,
    format: meta.format,
    width: meta.width,
    height: meta.height,
    mean: channels.slice(0, 3).map((c) => Math.round(c.mean)) as [number, number, number],
    darkest: Math.min(...channels.slice(0, 3).map((c) => c.min)),
  };
}

const thumbnailJobs = () =>
  t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, THUMBNAILS_JOB)));

const near = (mean: readonly number[], rgb: readonly number[]) =>
  mean.every((value, i) => Math.abs(value - rgb[i]!) < 25);

describe('cover thumbnails', () => {
  it('are made after an upload from a PDF’s first page, the EPUB and FB2 covers and a CBZ’s first page', async () => {
    const uploaded = await upload(reader.browser, [
      { name: 'Paper.pdf', content: await makePdf({ pages: 3 }) },
      { name: 'Novel.epub', content: epubWithCover() },
      { name: 'Tale.fb2', content: fb2WithCover() },
      { name: 'Comic.cbz', content: cbzInNaturalOrder() },
    ]);
    // Not yet: they are made by a job, after the upload has answered.
    expect(uploaded.map((f) => f.thumbnailUrl)).toEqual([null, null, null, null]);
    await t.app.jobs.drain();

    const files = await listed(reader.browser);
    for (const name of ['Paper.pdf', 'Novel.epub', 'Tale.fb2', 'Comic.cbz']) {
      expect(files.get(name)?.thumbnailUrl, name).toMatch(
        new RegExp(`^/api/cloud-drives/files/[^/]+/thumbnail\\?v=[0-9a-f]{16}$`),
      );
    }

    const pdf = await thumbnailOf(reader.browser, files.get('Paper.pdf')!.thumbnailUrl!);
    expect(pdf.res.headers['content-type']).toBe('image/webp');
    expect(pdf.res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(pdf.format).toBe('webp');
    // A Letter page fitted into 300×400, white with its "Page 1" heading drawn in black.
    expect([pdf.width, pdf.height]).toEqual([300, 388]);
    expect(pdf.mean.every((v) => v > 200)).toBe(true);
    expect(pdf.darkest).toBeLessThan(80);

    const epub = await thumbnailOf(reader.browser, files.get('Novel.epub')!.thumbnailUrl!);
    expect(near(epub.mean, RED), `EPUB cover ${epub.mean.join(',')}`).toBe(true);
    expect([epub.width, epub.height]).toEqual([120, 180]); // never enlarged

    const fb2 = await thumbnailOf(reader.browser, files.get('Tale.fb2')!.thumbnailUrl!);
    expect(near(fb2.mean, GREEN), `FB2 cover ${fb2.mean.join(',')}`).toBe(true);

    const cbz = await thumbnailOf(reader.browser, files.get('Comic.cbz')!.thumbnailUrl!);
    expect(near(cbz.mean, GREEN), `CBZ page 2 ${cbz.mean.join(',')}`).toBe(true);
  });

  it('answers another reader 404 for a thumbnail, as for the file itself', async () => {
    const files = await listed(reader.browser);
    const url = files.get('Novel.epub')!.thumbnailUrl!;
    const res = await stranger.browser.get(url);
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['cache-control'] ?? '')).not.toContain('immutable');
    expect(
      (await stranger.browser.get(filePath(CloudDrivePaths.content, files.get('Novel.epub')!.id))).statusCode,
    ).toBe(404);
  });

  it('gives a broken or hostile file none, and the job neither fails nor looks at it again', async () => {
    await upload(reader.browser, [
      { name: 'Broken.pdf', content: Buffer.from('%PDF-1.7\nthis is not a PDF at all\n%%EOF') },
      { name: 'Laughs.epub', content: epubWithCover(BILLION_LAUGHS) },
      { name: 'Bomb.cbz', content: zipBomb() },
    ]);
    await t.app.jobs.drain();
    const files = await listed(reader.browser);
    for (const name of ['Broken.pdf', 'Laughs.epub', 'Bomb.cbz']) {
      expect(files.get(name)?.thumbnailUrl, name).toBeNull();
      const res = await reader.browser.get(filePath(CloudDrivePaths.thumbnail, files.get(name)!.id));
      expect(res.statusCode, name).toBe(404);
    }
    const runs = await thumbnailJobs();
    expect(
      runs.every((job) => job.state === 'succeeded'),
      JSON.stringify(runs.map((j) => j.error)),
    ).toBe(true);

    // Each was looked at once for its version: another run has nothing to do.
    const rows = await t.database.db.select().from(driveFiles).where(eq(driveFiles.name, 'Broken.pdf'));
    expect(rows[0]!.thumbnailOf).not.toBeNull();
    await upload(reader.browser, [{ name: 'Plain.txt', content: Buffer.from('Only text.\n') }]);
    await t.app.jobs.drain();
    const last = (await thumbnailJobs()).sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
    expect(last).toMatchObject({ state: 'succeeded', result: { made: 0, looked: 0 } });
  });

  it('are made for the library folder after its sync, read through its provider', async () => {
    // The folder's first sync was queued at start-up; its thumbnails job follows it.
    await t.app.jobs.drain();
    const comic = (await listed(admin.browser)).get('Comic.cbz');
    expect(comic?.provider).toBe('local');
    expect(comic?.thumbnailUrl).toMatch(/\?v=[0-9a-f]{16}$/);
    expect((await thumbnailOf(admin.browser, comic!.thumbnailUrl!)).format).toBe('webp');
    expect((await reader.browser.get(comic!.thumbnailUrl!)).statusCode).toBe(404);
  });
});
