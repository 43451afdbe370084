/**
 * A text file's characters. A byte-order mark says UTF-16 (either order) or UTF-8; without one the bytes are
 * read as UTF-8, and a file that is not valid UTF-8 as Windows-1252, which old plain-text books often are.
 */
export function decodeText(input: ArrayBuffer | Uint8Array): string {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    // Strips a UTF-8 byte-order mark by itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
