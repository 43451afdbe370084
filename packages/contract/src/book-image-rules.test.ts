import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BookImagePaths,
  formatImageSize,
  imageTypeOf,
  ImageLimits,
  ImageMessages,
  storageLevel,
  uploadedImageId,
} from './book-image-rules.js';
import { BookLimits } from './book-rules.js';

const BOOK = '0b7d3c1e-8f4a-4c2b-9d6e-1a2b3c4d5e6f';
const IMAGE = '5f0e8d7c-6b5a-4938-8271-605f4e3d2c1b';
const HASH = 'a'.repeat(64);

describe('book image rules', () => {
  it('holds the spec’s numbers (core.md §9)', () => {
    expect(ImageLimits.maxPerBook).toBe(5);
    expect(ImageLimits.maxPerBook).toBe(BookLimits.imagesMax);
    expect(ImageLimits.budgetBytes).toBe(1024 * 1024);
    expect(ImageLimits.maxOriginalBytes).toBe(52_428_800);
    expect([ImageLimits.maxWidth, ImageLimits.maxHeight]).toEqual([800, 1200]);
    expect(ImageMessages.overLimit('12.0 KB')).toBe('Over limit by 12.0 KB');
  });

  it('colours the storage bar green up to 70%, yellow above, red above 90%', () => {
    const at = (percent: number) => storageLevel((ImageLimits.budgetBytes * percent) / 100);
    expect([at(0), at(70), at(70.1), at(90), at(90.1), at(150)]).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });

  it('writes sizes scaled by 1024 with one decimal', () => {
    expect(formatImageSize(512)).toBe('512 B');
    expect(formatImageSize(1536)).toBe('1.5 KB');
    expect(formatImageSize(1024 * 1024 * 2.25)).toBe('2.3 MB');
  });

  it('knows an uploaded photo of this book by its address, and nothing else', () => {
    const url = BookImagePaths.file(BOOK, IMAGE, HASH);
    expect(url).toBe(`/api/books/${BOOK}/images/${IMAGE}/${HASH}`);
    expect(uploadedImageId(url, BOOK)).toBe(IMAGE);
    expect(uploadedImageId(url, IMAGE)).toBeUndefined();
    expect(uploadedImageId(`https://example.org${url}`, BOOK)).toBeUndefined();
    expect(uploadedImageId(`${url}/x`, BOOK)).toBeUndefined();
    expect(uploadedImageId('https://example.org/a.jpg', BOOK)).toBeUndefined();
  });

  it('tells JPEG, PNG and WebP from their first bytes, and text named .jpg from an image', () => {
    const bytes = (...b: number[]) => Uint8Array.from(b);
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(imageTypeOf(new TextEncoder().encode('RIFF\x24\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(new TextEncoder().encode('RIFF\x24\0\0\0WAVEfmt '))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode('Shopping list: eggs, milk'))).toBeNull();
    expect(imageTypeOf(bytes(0xff, 0xd8))).toBeNull();
    expect(ImageMessages.notAnImage('notes.jpg')).toBe(
      'notes.jpg is not an image. Please upload JPEG, PNG, or WebP images only.',
    );
  });

  it('never takes printable text for an image', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ,.:;!?0123456789\n'.split('')) }),
        (text) => {
          expect(imageTypeOf(new TextEncoder().encode(text))).toBeNull();
        },
      ),
    );
  });
});
