import { createHash } from 'node:crypto';

/** What the fake drives (Google Drive, Microsoft Graph) share: file bytes, HTTP ranges and page tokens. */

/** Bytes that differ at every offset, so a wrong range shows. */
export function generatedBytes(seedText: string, size: number): Buffer {
  const seed = createHash('sha1').update(seedText).digest()[0] ?? 0;
  const bytes = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + seed + (i >> 8)) & 255;
  return bytes;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` against a size: the inclusive range, 'bad' when unsatisfiable, null: whole. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'bad' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'bad';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

const EXTENSION_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  mobi: 'application/x-mobipocket-ebook',
  azw3: 'application/vnd.amazon.ebook',
  fb2: 'application/x-fictionbook+xml',
  cbz: 'application/vnd.comicbook+zip',
  txt: 'text/plain',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp3: 'audio/mpeg',
  zip: 'application/zip',
};

/** The MIME type a drive infers from a file's name on upload; octet-stream when it does not know it. */
export const mimeFromName = (name: string) =>
  EXTENSION_MIME[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

export const encodeToken = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodeToken<T>(value: string | null): T | null {
  if (!value) return null;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
