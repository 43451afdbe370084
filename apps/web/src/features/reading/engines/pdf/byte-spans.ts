/*
 * The PDF warm-up's byte arithmetic, apart from pdf.js and the network: which ranges to fetch before pdf.js
 * asks (the file's first chunk, where the header is, and its last chunks, where the cross-reference table and
 * trailer are), what a 206's Content-Range says, and answering pdf.js's later range requests from those bytes.
 */

/**
 * A file's first `head` bytes and the whole chunks among its last `tail` bytes (pdf.js asks chunk-aligned
 * ranges): the tail is a suffix request, so its start is rounded up to a boundary, not down to bytes it lacks.
 */
export function warmRanges(
  size: number,
  { head, tail, chunk }: { head: number; tail: number; chunk: number },
): { head: { start: number; end: number }; tail: { start: number; end: number } | null } {
  const headEnd = Math.min(size, head);
  const tailStart = Math.max(headEnd, Math.ceil(Math.max(0, size - tail) / chunk) * chunk);
  return { head: { start: 0, end: headEnd }, tail: tailStart < size ? { start: tailStart, end: size } : null };
}

/** `bytes 0-65535/4707275` → its first byte, last byte and the file's size; null for anything else. */
export function parseContentRange(
  header: string | null | undefined,
): { start: number; end: number; size: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [start, end, size] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return start <= end && end < size ? { start, end, size } : null;
}

/**
 * Bytes fetched ahead, each at its offset in the file. pdf.js's range request `[begin, end)` is answered from
 * them when one span holds all of it; otherwise it goes to the network. A span is given out once and then
 * dropped (pdf.js keeps its own copy), so the warm-up never holds a second copy of what pdf.js has.
 */
export class PrefetchedSpans {
  readonly #spans: { start: number; bytes: Uint8Array }[] = [];

  add(start: number, bytes: Uint8Array): void {
    if (bytes.byteLength > 0) this.#spans.push({ start, bytes });
  }

  get size(): number {
    return this.#spans.reduce((sum, span) => sum + span.bytes.byteLength, 0);
  }

  take(begin: number, end: number): Uint8Array | undefined {
    const index = this.#spans.findIndex(
      (span) => span.start <= begin && end <= span.start + span.bytes.byteLength && begin < end,
    );
    if (index < 0) return undefined;
    const [span] = this.#spans.splice(index, 1);
    return span!.bytes.subarray(begin - span!.start, end - span!.start);
  }
}
