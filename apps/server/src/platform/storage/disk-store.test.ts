import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { blobStoreContract } from '../../test/blob-store-contract.js';
import { createStorage } from './create-storage.js';
import { createDiskStore } from './disk-store.js';

blobStoreContract('disk', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bookshelf-blobs-'));
  const store = createStorage({ dataDir, s3: undefined });
  expect(store.driver).toBe('disk');
  return { store, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
});

/** Runs `work` with a fresh DATA_DIR, removed afterwards. */
async function inDataDir(work: (dataDir: string) => Promise<void>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bookshelf-blobs-'));
  try {
    await work(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

it('keeps blobs under DATA_DIR/blobs by key and leaves no temporary file behind, even after a failed put', () =>
  inDataDir(async (dataDir) => {
    const store = createDiskStore(path.join(dataDir, 'blobs'));
    await store.put('users/u1/photo.jpg', Readable.from([Buffer.from('jpeg')]));
    expect(await readdir(path.join(dataDir, 'blobs/users/u1'))).toEqual(['photo.jpg']);
    const broken = new Readable({ read() {} });
    broken.push('partial');
    setTimeout(() => broken.destroy(new Error('gone')), 10);
    await expect(store.put('users/u1/other.jpg', broken)).rejects.toThrow('gone');
    expect(await readdir(path.join(dataDir, 'blobs/.tmp'))).toEqual([]);
    expect(await readdir(path.join(dataDir, 'blobs/users/u1'))).toEqual(['photo.jpg']);
  }));

it('cleans up after a put whose rename fails, leaving no temporary file and no content type behind', () =>
  inDataDir(async (dataDir) => {
    const root = path.join(dataDir, 'blobs');
    const store = createDiskStore(root);
    await store.put('users/u1', Readable.from([Buffer.from('a blob below the key')]));
    // the target is a folder now, so the rename fails
    await expect(
      store.put('users', Readable.from([Buffer.from('png')]), { contentType: 'image/png' }),
    ).rejects.toThrow();
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(existsSync(path.join(root, '.meta', 'users'))).toBe(false);
  }));

it('serves a blob whose content-type file was cut short (a crash mid-write) as the default type', () =>
  inDataDir(async (dataDir) => {
    const root = path.join(dataDir, 'blobs');
    const store = createDiskStore(root);
    await store.put('users/u1/cover.png', Readable.from([Buffer.from('png')]), { contentType: 'image/png' });
    expect((await store.stat('users/u1/cover.png')).contentType).toBe('image/png');
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    await writeFile(path.join(root, '.meta/users/u1/cover.png'), '{"contentTy');
    expect(await store.stat('users/u1/cover.png')).toEqual({ size: 3, contentType: 'application/octet-stream' });
    const got = await store.get('users/u1/cover.png');
    got.stream.destroy();
    expect(got.contentType).toBe('application/octet-stream');
  }));
