import { mkdtemp, readdir, rm } from 'node:fs/promises';
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

it('keeps blobs under DATA_DIR/blobs by key and leaves no temporary file behind, even after a failed put', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bookshelf-blobs-'));
  try {
    const store = createDiskStore(path.join(dataDir, 'blobs'));
    await store.put('users/u1/photo.jpg', Readable.from([Buffer.from('jpeg')]));
    expect(await readdir(path.join(dataDir, 'blobs/users/u1'))).toEqual(['photo.jpg']);
    const broken = new Readable({ read() {} });
    broken.push('partial');
    setTimeout(() => broken.destroy(new Error('gone')), 10);
    await expect(store.put('users/u1/other.jpg', broken)).rejects.toThrow('gone');
    expect(await readdir(path.join(dataDir, 'blobs/.tmp'))).toEqual([]);
    expect(await readdir(path.join(dataDir, 'blobs/users/u1'))).toEqual(['photo.jpg']);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
