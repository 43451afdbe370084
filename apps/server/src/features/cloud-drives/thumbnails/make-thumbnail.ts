import sharp from 'sharp';
import { cbzCover, epubCover, fb2Cover } from './cover-image.js';
import { renderPdfFirstPage } from './pdf-first-page.js';
import { openZip, type ReadRange } from './zip-archive.js';

/** The types we can find a cover in; the rest (text, Word, MOBI) keep their type icon. */
export const THUMBNAIL_TYPES = ['pdf', 'epub', 'fb2', 'cbz'] as const;

export const ThumbnailLimits = {
  /** The box a thumbnail fits in: a grid card's 3:4 cover at 2× density. */
  width: 300,
  height: 400,
  /** A cover larger than this many pixels is refused before it is decoded (SECURITY.md, image decoding DoS). */
  maxInputPixels: 40_000_000,
  /** An FB2 is one XML document with its pictures inside: it is read whole, up to this. */
  maxFb2Bytes: 32 * 1024 * 1024,
} as const;

/** What a book file is read through: its size and inclusive byte ranges of it. */
export interface BookBytes {
  size: number;
  readRange: ReadRange;
}

/** The cover's image bytes as the book holds them, or the PDF's first page rendered; null when it has none. */
async function coverOf(fileType: string, book: BookBytes, signal: AbortSignal): Promise<Buffer | null> {
  switch (fileType) {
    case 'pdf':
      return renderPdfFirstPage(book.size, book.readRange, signal);
    case 'epub':
      return epubCover(await openZip(book.size, book.readRange));
    case 'cbz':
      return cbzCover(await openZip(book.size, book.readRange));
    case 'fb2':
      if (book.size > ThumbnailLimits.maxFb2Bytes) return null;
      return fb2Cover(await book.readRange(0, book.size - 1));
    default:
      return null;
  }
}

/**
 * A small WebP of the book's cover (issue 27): found in the file, then decoded by sharp with an input-pixel
 * limit, turned upright, fitted into 300×400 and re-encoded, which drops whatever else rode in the image
 * (EXIF, GPS). Null when the book has no cover or its cover is no image sharp can read; a failure to read the
 * file itself (the drive, the network) is thrown.
 */
export async function makeThumbnail(fileType: string, book: BookBytes, signal: AbortSignal): Promise<Buffer | null> {
  const cover = await coverOf(fileType, book, signal);
  if (!cover || cover.length === 0) return null;
  try {
    return await sharp(cover, { limitInputPixels: ThumbnailLimits.maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({
        width: ThumbnailLimits.width,
        height: ThumbnailLimits.height,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    return null;
  }
}
