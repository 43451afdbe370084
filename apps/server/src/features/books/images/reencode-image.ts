import { ImageLimits } from '@bookshelf/contract';
import sharp from 'sharp';

/** A decoded image larger than this many pixels is refused before it is decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
/** JPEG qualities tried, best first: the spec's steps (0.8 down by 0.1 to 0.1) on sharp's 1–100 scale. */
const QUALITIES = Array.from({ length: 8 }, (_, i) => 80 - i * 10);

export interface EncodedImage {
  data: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

/** The bytes are no image sharp can read (corrupt, truncated, or too many pixels). */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The image could not be decoded', { cause });
    this.name = 'UnreadableImageError';
  }
}

/**
 * The photo as the server keeps it: turned upright by its EXIF orientation, fitted within 800×1200, and
 * written afresh as a JPEG. Nothing of the upload rides along: sharp writes no metadata (EXIF with
 * the GPS position, XMP, ICC) unless asked to, and bytes hidden after the image are not part of the picture.
 *
 * The browser has already compressed the photo to its share of the book's budget (core.md §9), so the server
 * must not make it bigger: qualities are tried from 0.8 down until the result is no larger than the upload,
 * down to 0.1 when none is (a flat PNG of a few hundred bytes, say).
 */
export async function reencodeImage(bytes: Buffer): Promise<EncodedImage> {
  let pixels: { data: Buffer; info: sharp.OutputInfo };
  try {
    pixels = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: ImageLimits.maxWidth,
        height: ImageLimits.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UnreadableImageError(error);
  }
  const { width, height, channels } = pixels.info;
  const encode = (quality: number, mozjpeg: boolean) =>
    sharp(pixels.data, { raw: { width, height, channels } }).jpeg({ quality, mozjpeg }).toBuffer();
  // The quality is found with libjpeg-turbo (a few ms a try), and the photo then written once with mozjpeg,
  // smaller at the same quality but ten times slower: eight mozjpeg tries of a detailed photo took seconds.
  let quality = QUALITIES[0]!;
  let fast = await encode(quality, false);
  for (const q of QUALITIES.slice(1)) {
    if (fast.length <= bytes.length) break;
    quality = q;
    fast = await encode(q, false);
  }
  const small = await encode(quality, true);
  const best = small.length <= fast.length ? small : fast;
  return { data: best, contentType: 'image/jpeg', width, height };
}
