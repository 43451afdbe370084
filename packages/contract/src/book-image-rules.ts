/** Book photos' rules and texts (core.md §5, §8, §9; issue 13), zod-free for the upload widget's download. */

import { BookLimits } from './book-rules.js';

export const ImageLimits = {
  /** Photos a book can have; the book's `images` list holds at most this many addresses (BookLimits.imagesMax). */
  maxPerBook: BookLimits.imagesMax,
  /** What the photos of one book may take together, after compression (the spec's 1024 KB). */
  budgetBytes: 1024 * 1024,
  /** An original larger than this is refused before it is compressed (52428800 bytes). */
  maxOriginalBytes: 50 * 1024 * 1024,
  /** One upload to the server; the browser sends a compressed photo, far below this. */
  uploadMaxBytes: 10 * 1024 * 1024,
  maxWidth: 800,
  maxHeight: 1200,
  /** Compression starts here and steps down by `qualityStep` until the photo fits or `qualityMin` is reached. */
  qualityStart: 0.8,
  qualityStep: 0.1,
  qualityMin: 0.1,
  /** Enhance Quality writes its result at this JPEG quality. */
  enhanceQuality: 0.9,
} as const;

/** Types a photo may have, by MIME type and by file name ending (JPEG, JPG, PNG or WebP). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_EXTENSIONS = ['.jpeg', '.jpg', '.png', '.webp'] as const;

/** How many leading bytes `imageTypeOf` needs. */
export const IMAGE_SNIFF_BYTES = 12;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

/**
 * What a photo's first bytes say it is (JPEG, PNG or WebP), or null when they are none of these: a name or a
 * browser's MIME type guessed from it says nothing about the bytes.
 */
export function imageTypeOf(head: Uint8Array): ImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The spec's texts (core.md §8) first, then ours in their spirit. */
export const ImageMessages = {
  invalidType: 'Please upload JPEG, PNG, or WebP images only.',
  tooLarge: 'Image size must be less than 50MB.',
  processingFailed: 'Error processing images. Please try again.',
  /** A file whose name says image but whose bytes are not one (a text file renamed .jpg): trying again won't help. */
  notAnImage: (name: string) => `${name} is not an image. Please upload JPEG, PNG, or WebP images only.`,
  enhanceFailed: 'Error enhancing image. Please try again.',
  overLimit: (size: string) => `Over limit by ${size}`,
  tooMany: `A book can have at most ${ImageLimits.maxPerBook} images.`,
  extrasDropped: (count: number) =>
    `A book can have at most ${ImageLimits.maxPerBook} images: ${count === 1 ? '1 file was' : `${count} files were`} left out.`,
  overBudget: (size: string) =>
    `The photos of a book can take at most 1024 KB together. Over limit by ${size}: use smaller photos or remove one.`,
  uploadTooLarge: 'A photo upload can be at most 10 MB.',
  noFile: 'Choose a photo: a multipart field named file.',
  notFound: 'Image not found.',
} as const;

export const BookImagePaths = {
  list: (bookId: string) => `/api/books/${encodeURIComponent(bookId)}/images`,
  one: (bookId: string, imageId: string) =>
    `/api/books/${encodeURIComponent(bookId)}/images/${encodeURIComponent(imageId)}`,
  /** Where a stored photo is served: the SHA-256 of its bytes is in the address, so it is cached for ever. */
  file: (bookId: string, imageId: string, hash: string) =>
    `/api/books/${encodeURIComponent(bookId)}/images/${encodeURIComponent(imageId)}/${hash}`,
} as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UPLOADED = new RegExp(`^/api/books/(${UUID})/images/(${UUID})/[0-9a-f]{64}$`);

/** The image id of a photo uploaded to this book, when `url` is one (its `images` also holds web addresses). */
export function uploadedImageId(url: string, bookId: string): string | undefined {
  const match = UPLOADED.exec(url);
  return match && match[1] === bookId ? match[2] : undefined;
}

/** A size as the widget shows it: bytes scaled by 1024 with one decimal (core.md §9). */
export function formatImageSize(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export type StorageLevel = 'green' | 'yellow' | 'red';

/** The storage bar's colour: green up to 70%, yellow above 70%, red above 90% (core.md §9). */
export function storageLevel(usedBytes: number, budgetBytes: number = ImageLimits.budgetBytes): StorageLevel {
  const percent = (usedBytes / budgetBytes) * 100;
  if (percent > 90) return 'red';
  if (percent > 70) return 'yellow';
  return 'green';
}
