import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CoverSource, FoundCover } from '@bookshelf/contract';
import sharp from 'sharp';
import type { BlobStore } from '../storage/blob-store.js';

/** Smaller than this either way is a provider's "no cover" placeholder (Open Library's is 1×1), not a cover. */
const MIN_SIDE = 16;
/** Covers are kept at most this tall: the details page shows them at 300 px, twice that on dense screens. */
const MAX_HEIGHT = 1200;
/** A decoded image larger than this many pixels is refused before it is decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

const keyOf = (hash: string) => `covers/${hash}`;
export const coverPath = (hash: string) => `/api/covers/${hash}`;

/**
 * Covers as the server keeps them: re-encoded as JPEG from whatever the provider sent (which also drops any
 * metadata and anything else riding in the file), named by the SHA-256 of the result, so the same cover found
 * twice is stored once and its URL can be cached for ever.
 */
export function createCoverStore(storage: BlobStore) {
  return {
    /**
     * Keeps the image if it is a real cover; undefined when the bytes are no image or a placeholder. The source
     * names where it came from in the answer.
     */
    async keep(bytes: Buffer, source: CoverSource): Promise<FoundCover | undefined> {
      let image: { data: Buffer; info: sharp.OutputInfo };
      try {
        const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
        const meta = await input.metadata();
        if ((meta.width ?? 0) < MIN_SIDE || (meta.height ?? 0) < MIN_SIDE) return undefined;
        image = await input
          .rotate()
          .resize({ height: MAX_HEIGHT, withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
      } catch {
        return undefined; // Not an image sharp can read: no cover.
      }
      const hash = createHash('sha256').update(image.data).digest('hex');
      if (!(await storage.exists(keyOf(hash)))) {
        await storage.put(keyOf(hash), Readable.from([image.data]), { contentType: 'image/jpeg' });
      }
      return { source, url: coverPath(hash), width: image.info.width, height: image.info.height };
    },

    /** A stored cover, streamed; BlobNotFoundError when there is none. */
    read: (hash: string) => storage.get(keyOf(hash)),
  };
}

export type CoverStore = ReturnType<typeof createCoverStore>;
