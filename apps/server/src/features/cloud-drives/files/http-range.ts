/** A Range header's one byte range, before the file's size is known (RFC 9110 §14.1.2). */
export type RequestedRange = { start: number; end?: number } | { suffix: number };

/**
 * The single `bytes=` range a request asks for; undefined when there is none to honour: no header, another
 * unit, several ranges (RFC 9110 lets a server answer those with the whole file), or a malformed one.
 */
export function parseRangeHeader(header: string | undefined): RequestedRange | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') return { suffix: Number(to) };
  const start = Number(from);
  if (to === '') return { start };
  const end = Number(to);
  return end < start ? undefined : { start, end };
}

/**
 * Positions for a file of `size` bytes (`end` inclusive, omitted for "to the end"); null when no byte of it
 * is asked for (416). A suffix range needs the size: without one the range is ignored (undefined).
 */
export function resolveRequestedRange(
  range: RequestedRange,
  size: number | null,
): { start: number; end?: number } | null | undefined {
  if ('suffix' in range) {
    if (range.suffix === 0) return null;
    if (size === null || size <= 0) return undefined;
    return { start: Math.max(0, size - range.suffix) };
  }
  if (size !== null && range.start >= size) return null;
  return range;
}
