import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidRange,
  BlobNotFoundError,
  byteCounter,
  DEFAULT_CONTENT_TYPE,
  existsVia,
  resolveRange,
  type BlobInfo,
  type BlobStore,
} from './blob-store.js';

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/** Flushes a file, or a directory's entries (which makes a rename in it durable), to disk. */
async function syncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Blobs as files under `root` (DATA_DIR/blobs): the key is the relative path. A put streams into a temporary
 * file under `root/.tmp`, fsyncs it and renames it into place, so a reader sees the old blob or the whole new
 * one, never a half-written file, and a crash leaves only a temporary file. The content type lives beside it
 * under `root/.meta`, written the same way after the blob (until then, or if unreadable, the default type). Keys cannot start a segment with '.', so neither folder can collide with a blob.
 */
export function createDiskStore(root: string): BlobStore {
  const tmpDir = path.join(root, '.tmp');
  const file = (key: string) => path.join(root, ...key.split('/'));
  const metaFile = (key: string) => path.join(root, '.meta', ...key.split('/'));

  async function contentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(metaFile(key), 'utf8')) as { contentType?: unknown } | null;
      return typeof meta?.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
    } catch (error) {
      // Missing, or cut short by a crash of an older version: the blob is still served, as the default type.
      if (isMissing(error) || error instanceof SyntaxError) return DEFAULT_CONTENT_TYPE;
      throw error;
    }
  }

  /** Like the blob, through a temporary file and a rename: a reader sees the old JSON or the new, never half. */
  async function writeContentType(key: string, type: string | undefined): Promise<void> {
    if (!type) {
      await rm(metaFile(key), { force: true });
      return;
    }
    await mkdir(path.dirname(metaFile(key)), { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    try {
      await writeFile(tmp, JSON.stringify({ contentType: type }), { flag: 'wx' });
      await rename(tmp, metaFile(key));
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async function openBlob(key: string) {
    assertValidKey(key);
    try {
      return await open(file(key), 'r');
    } catch (error) {
      throw isMissing(error) ? new BlobNotFoundError(key) : error;
    }
  }

  async function stat(key: string): Promise<BlobInfo> {
    const handle = await openBlob(key);
    try {
      return { size: (await handle.stat()).size, contentType: await contentType(key) };
    } finally {
      await handle.close();
    }
  }

  return {
    driver: 'disk',

    async put(key, body, options = {}) {
      assertValidKey(key);
      const target = file(key);
      await mkdir(tmpDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      const counter = byteCounter();
      try {
        await pipeline(body, counter, createWriteStream(tmp, { flags: 'wx' }));
        // fsync flushes the file whichever descriptor asks: its bytes are on disk before the rename publishes it.
        await syncPath(tmp);
        await rename(tmp, target);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      await syncPath(path.dirname(target));
      // After the blob: a put that failed leaves the previous blob with its own type.
      await writeContentType(key, options.contentType);
      return { size: counter.bytes };
    },

    async get(key, options = {}) {
      assertValidKey(key);
      assertValidRange(options.range);
      const handle = await openBlob(key);
      // Size and bytes come from the same open file: a put that replaces the blob meanwhile changes neither.
      try {
        const { size } = await handle.stat();
        const { start, end } = resolveRange(options.range, size);
        const type = await contentType(key);
        if (size === 0) {
          // A read stream cannot express "no bytes" (its end is inclusive).
          await handle.close();
          return { size, contentType: type, stream: Readable.from([]), start, end };
        }
        return { size, contentType: type, stream: handle.createReadStream({ start, end }), start, end };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    stat,

    exists: existsVia(stat),

    async delete(key) {
      assertValidKey(key);
      await rm(file(key), { force: true });
      await rm(metaFile(key), { force: true });
    },

    close() {},
  };
}
