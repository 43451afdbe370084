import { makePdf } from '@bookshelf/test-support';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderPdfFirstPage } from './pdf-first-page.js';

describe('renderPdfFirstPage', () => {
  it('draws page 1 of a large PDF from a few of its ranges, not the whole file', async () => {
    const pdf = await makePdf({ pages: 40, targetBytes: 6 * 1024 * 1024 });
    let read = 0;
    const png = await renderPdfFirstPage(
      pdf.length,
      async (start, end) => {
        read += end - start + 1;
        return pdf.subarray(start, end + 1);
      },
      new AbortController().signal,
    );
    const meta = await sharp(png!).metadata();
    expect([meta.format, meta.height]).toEqual(['png', 480]);
    expect(read).toBeLessThan(pdf.length / 4);
  });

  it('gives up with the read’s own error when a range cannot be read', async () => {
    const pdf = await makePdf({ pages: 2 });
    const failure = new Error('the drive went away');
    await expect(
      renderPdfFirstPage(pdf.length, () => Promise.reject(failure), new AbortController().signal),
    ).rejects.toBe(failure);
  });
});
