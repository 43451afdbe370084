import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloudDrivePaths, type UploadResult } from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { driveConnections, driveFiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { signUp } from '../../test/browser.js';
import { createTestDatabase } from '../../test/database.js';
import { testRunner } from '../../test/jobs.js';
import { books, multipartForm } from './files/files-harness.js';
import { buildSync, pacedFolder } from './sync/sync-harness.js';

/**
 * A file named `invoice\u202Efdp.exe` showed as "invoiceexe.pdf" (issue 27): names are stored without bidi
 * controls, whichever way the file arrived.
 */
const RLO = '\u202E';

describe('an uploaded file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
  });
  afterAll(() => t.close());

  it('is listed under its name without bidi controls', async () => {
    const { browser } = await signUp(t.app);
    const form = multipartForm([{ name: `Invoice${RLO}fdp.epub`, content: books.epub() }]);
    const res = await browser.request({ method: 'POST', url: CloudDrivePaths.uploads, ...form });
    expect(res.statusCode, res.body).toBe(201);
    const [file] = res.json<UploadResult>().files;
    expect(file?.name).toBe('Invoicefdp.epub');
    const [row] = await t.database.db.select().from(driveFiles).where(eq(driveFiles.id, file!.id));
    expect(row?.name).toBe('Invoicefdp.epub');
  });
});

describe('a file in the library folder', () => {
  let database: DatabaseHandle;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-library-'));
    mkdirSync(path.join(dir, `Scans${RLO}fdp`));
    writeFileSync(path.join(dir, `Scans${RLO}fdp`, `Report${RLO}txt.exe.pdf`), '%PDF report');
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is listed, with its folder, under names without bidi controls, and a second sync changes nothing', async () => {
    const sync = buildSync({
      db: database.db,
      providers: { local: pacedFolder({ root: dir }).provider },
      config: { libraryDir: dir },
    });
    try {
      await sync.start();
      await testRunner(database.db, { definitions: sync.jobs }).drain();
      const [connection] = await database.db
        .select()
        .from(driveConnections)
        .where(eq(driveConnections.provider, 'local'));
      const files = await database.db.select().from(driveFiles).where(eq(driveFiles.connectionId, connection!.id));
      expect(files.map((f) => [f.name, f.parentFolder])).toEqual([['Reporttxt.exe.pdf', 'Scansfdp']]);
    } finally {
      await sync.close();
    }
  });
});

describe('a reader’s name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: false });
  });
  afterAll(() => t.close());

  it('is stored without bidi controls at sign-up and when changed', async () => {
    const { browser, me } = await signUp(t.app, { name: `Ada${RLO} ecalevoL` });
    expect(me).toMatchObject({ name: 'Ada ecalevoL' });
    const res = await browser.patch('/api/me', { name: `\u2067Grace\u2069 Hopper` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Grace Hopper' });
  });
});
