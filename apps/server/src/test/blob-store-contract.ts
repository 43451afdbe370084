import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  BlobRangeError,
  InvalidBlobKeyError,
  type BlobStore,
} from '../platform/storage/blob-store.js';

const text = (s: string) => Readable.from([Buffer.from(s)]);
const read = async (store: BlobStore, key: string, range?: { start: number; end?: number }) =>
  (await buffer((await store.get(key, { range })).stream)).toString('utf8');

async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.fail('expected a failure'),
    (e: unknown) => e,
  );
}

/** Byte i of the large blob is i % 251, so any range can be checked without keeping the blob. */
const PERIOD = 251;
const CHUNK = 1024 * 1024;
const pattern = Buffer.from(Array.from({ length: CHUNK + PERIOD }, (_, i) => i % PERIOD));
function generated(size: number): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < size; at += CHUNK) {
        yield pattern.subarray(at % PERIOD, (at % PERIOD) + Math.min(CHUNK, size - at));
      }
    })(),
  );
}
const expected = (start: number, length: number) => Buffer.from(Array.from({ length }, (_, i) => (start + i) % PERIOD));

/**
 * The behaviour every BlobStore driver must share. The large case is 200 MB: big enough that buffering it would
 * show in the process's memory and that S3 takes it as a multipart upload, small enough to run in seconds here;
 * the code path for 5 GB is the same (see docs/decisions/017-blob-storage.md).
 */
export function blobStoreContract(
  name: string,
  open: () => Promise<{ store: BlobStore; cleanup: () => Promise<void> }>,
) {
  describe(`${name} blob store`, () => {
    let store: BlobStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(() => cleanup());

    it('stores and returns a blob with its size and type', async () => {
      expect(await store.put('books/1/cover.txt', text('hello, shelf'), { contentType: 'text/plain' })).toEqual({
        size: 12,
      });
      const got = await store.get('books/1/cover.txt');
      expect({ size: got.size, contentType: got.contentType, start: got.start, end: got.end }).toEqual({
        size: 12,
        contentType: 'text/plain',
        start: 0,
        end: 11,
      });
      expect((await buffer(got.stream)).toString()).toBe('hello, shelf');
      expect(await store.stat('books/1/cover.txt')).toEqual({ size: 12, contentType: 'text/plain' });
      expect(await store.exists('books/1/cover.txt')).toBe(true);
    });

    it('stores an empty blob', async () => {
      expect(await store.put('empty', Readable.from([]))).toEqual({ size: 0 });
      expect(await read(store, 'empty')).toBe('');
      expect((await store.stat('empty')).size).toBe(0);
    });

    it('reads byte ranges: from a start, between two positions, the last byte, past the end clamped', async () => {
      await store.put('ranges', text('0123456789'));
      expect(await read(store, 'ranges', { start: 7 })).toBe('789');
      expect(await read(store, 'ranges', { start: 2, end: 4 })).toBe('234');
      expect(await read(store, 'ranges', { start: 9, end: 9 })).toBe('9');
      const clamped = await store.get('ranges', { range: { start: 8, end: 100 } });
      expect({ size: clamped.size, start: clamped.start, end: clamped.end }).toEqual({ size: 10, start: 8, end: 9 });
      expect((await buffer(clamped.stream)).toString()).toBe('89');
    });

    it('refuses a range that starts past the end or ends before it starts', async () => {
      await store.put('ranges', text('0123456789'));
      expect(await failure(store.get('ranges', { range: { start: 10 } }))).toBeInstanceOf(BlobRangeError);
      expect(await failure(store.get('ranges', { range: { start: 5, end: 4 } }))).toBeInstanceOf(BlobRangeError);
      expect(await failure(store.get('ranges', { range: { start: -1 } }))).toBeInstanceOf(BlobRangeError);
    });

    it('answers a missing key with BlobNotFoundError', async () => {
      const missing = await failure(store.get('no/such/blob'));
      expect(missing).toBeInstanceOf(BlobNotFoundError);
      expect((missing as BlobNotFoundError).key).toBe('no/such/blob');
      expect(await failure(store.stat('no/such/blob'))).toBeInstanceOf(BlobNotFoundError);
      expect(await failure(store.get('no/such/blob', { range: { start: 0 } }))).toBeInstanceOf(BlobNotFoundError);
      expect(await store.exists('no/such/blob')).toBe(false);
    });

    it('deletes, and deleting again is not an error', async () => {
      await store.put('gone', text('x'), { contentType: 'text/plain' });
      await store.delete('gone');
      expect(await store.exists('gone')).toBe(false);
      await store.delete('gone');
      await store.delete('never/there');
      // A new blob under the same key does not inherit the old one's type.
      await store.put('gone', text('y'));
      expect(await store.stat('gone')).toEqual({ size: 1, contentType: 'application/octet-stream' });
    });

    it('replaces a blob on a second put', async () => {
      await store.put('replace', text('first version, longer'), { contentType: 'text/plain' });
      await store.put('replace', text('second'), { contentType: 'application/octet-stream' });
      expect(await read(store, 'replace')).toBe('second');
      expect(await store.stat('replace')).toEqual({ size: 6, contentType: 'application/octet-stream' });
    });

    it('keeps the old blob when a put fails half way', async () => {
      await store.put('kept', text('old'));
      const broken = new Readable({ read() {} });
      broken.push(Buffer.alloc(1000, 1));
      setTimeout(() => broken.destroy(new Error('client went away')), 20);
      await failure(store.put('kept', broken));
      expect(await read(store, 'kept')).toBe('old');
    });

    it.each([
      '',
      '../etc/passwd',
      'a/../../b',
      '/absolute',
      'trailing/',
      'a//b',
      '.hidden',
      'a/./b',
      'back\\slash',
      'sp ace',
      'ümlaut',
      'nul\0',
      'x'.repeat(513),
    ])('refuses the key %j in every operation', async (key) => {
      for (const work of [
        store.put(key, text('x')),
        store.get(key),
        store.stat(key),
        store.exists(key),
        store.delete(key),
      ]) {
        expect(await failure(work)).toBeInstanceOf(InvalidBlobKeyError);
      }
    });

    it('streams a 200 MB blob in and reads a range near its end, without holding it in memory', async () => {
      const SIZE = 200 * 1024 * 1024;
      let peak = 0;
      // Live memory (heap and buffers), not RSS: RSS keeps pages the allocator has not handed back, so a busy
      // worker's RSS grows with whatever ran before this test, blob or not.
      const live = () => {
        const { heapUsed, external } = process.memoryUsage();
        return heapUsed + external;
      };
      const before = live();
      const sampler = setInterval(() => (peak = Math.max(peak, live() - before)), 50);
      try {
        expect(await store.put('large/book.bin', generated(SIZE), { contentType: 'application/epub+zip' })).toEqual({
          size: SIZE,
        });
      } finally {
        clearInterval(sampler);
      }
      expect((await store.stat('large/book.bin')).size).toBe(SIZE);
      const tail = await store.get('large/book.bin', { range: { start: SIZE - 4096 } });
      expect({ start: tail.start, end: tail.end, size: tail.size }).toEqual({
        start: SIZE - 4096,
        end: SIZE - 1,
        size: SIZE,
      });
      expect((await buffer(tail.stream)).equals(expected(SIZE - 4096, 4096))).toBe(true);
      const last = await store.get('large/book.bin', { range: { start: SIZE - 1 } });
      expect((await buffer(last.stream)).equals(expected(SIZE - 1, 1))).toBe(true);
      // Holding the blob would add 200 MB; streaming adds buffers and (for S3) two 16 MB parts in flight.
      console.info(`${name}: 200 MB put, peak live-memory growth ${Math.round(peak / 1024 / 1024)} MB`);
      expect(peak).toBeLessThan(120 * 1024 * 1024);
      await store.delete('large/book.bin');
    }, 180_000);
  });
}
