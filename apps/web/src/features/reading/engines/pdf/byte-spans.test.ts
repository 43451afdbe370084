import { describe, expect, it } from 'vitest';
import { parseContentRange, PrefetchedSpans, warmRanges } from './byte-spans';

const KIB = 1024;

describe('warmRanges', () => {
  it('takes the head and the last chunks, the tail starting on a chunk boundary inside the suffix', () => {
    expect(warmRanges(4_707_275, { head: 64 * KIB, tail: 256 * KIB, chunk: 64 * KIB })).toEqual({
      head: { start: 0, end: 65_536 },
      // 4,707,275 − 262,144 = 4,445,131, up to the chunk boundary 4,456,448 (68 × 64 KiB): the suffix has no
      // byte before 4,445,131, so a tail from the boundary below was never whole and never used.
      tail: { start: 4_456_448, end: 4_707_275 },
    });
  });

  it('keeps the whole last chunk when the tail is one chunk long (pdf.js’s first request)', () => {
    const size = 4_707_275;
    const { tail } = warmRanges(size, { head: 256 * KIB, tail: 256 * KIB, chunk: 256 * KIB });
    expect(tail).toEqual({ start: Math.floor((size - 1) / (256 * KIB)) * 256 * KIB, end: size });
  });

  it('fetches a small file once, as its head', () => {
    expect(warmRanges(50_000, { head: 64 * KIB, tail: 256 * KIB, chunk: 64 * KIB })).toEqual({
      head: { start: 0, end: 50_000 },
      tail: null,
    });
  });

  it('never lets the tail overlap the head', () => {
    const { head, tail } = warmRanges(200 * KIB, { head: 64 * KIB, tail: 256 * KIB, chunk: 64 * KIB });
    expect(head.end).toBe(64 * KIB);
    expect(tail).toEqual({ start: 64 * KIB, end: 200 * KIB });
  });
});

describe('parseContentRange', () => {
  it('reads a 206’s range and the file’s size', () => {
    expect(parseContentRange('bytes 0-65535/4707275')).toEqual({ start: 0, end: 65_535, size: 4_707_275 });
  });

  it('refuses a missing, unknown-size or impossible range', () => {
    expect(parseContentRange(null)).toBeNull();
    expect(parseContentRange('bytes 0-99/*')).toBeNull();
    expect(parseContentRange('bytes */100')).toBeNull();
    expect(parseContentRange('bytes 50-10/100')).toBeNull();
    expect(parseContentRange('bytes 0-100/100')).toBeNull();
  });
});

describe('PrefetchedSpans', () => {
  const bytes = (start: number, length: number) => Uint8Array.from({ length }, (_, i) => (start + i) % 251);

  it('answers a range inside a span with exactly those bytes, once', () => {
    const spans = new PrefetchedSpans();
    spans.add(1000, bytes(1000, 500));
    expect(spans.take(1100, 1200)).toEqual(bytes(1100, 100));
    expect(spans.take(1100, 1200)).toBeUndefined();
    expect(spans.size).toBe(0);
  });

  it('leaves a range that runs past every span to the network', () => {
    const spans = new PrefetchedSpans();
    spans.add(0, bytes(0, 100));
    spans.add(200, bytes(200, 100));
    expect(spans.take(50, 250)).toBeUndefined();
    expect(spans.take(250, 301)).toBeUndefined();
    expect(spans.take(10, 10)).toBeUndefined();
    expect(spans.size).toBe(200);
    expect(spans.take(200, 300)).toEqual(bytes(200, 100));
  });
});
