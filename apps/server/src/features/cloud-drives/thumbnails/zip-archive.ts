import { inflateRawSync } from 'node:zlib';
import { ZIP_TAIL_BYTES } from '../files/zip-entries.js';

/**
 * Reads single entries of a ZIP (EPUB, CBZ) by byte ranges, for covers (SECURITY.md "hostile archives"): the
 * central directory from the end, then one entry's bytes. Declared sizes are never trusted: an entry is
 * inflated with a hard output cap, so a zip bomb costs at most that cap; the directory's entry count and size
 * are capped too; nothing is written anywhere, so no path can leave a folder.
 */

/** Reads inclusive byte positions of the file. */
export type ReadRange = (start: number, end: number) => Promise<Buffer>;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

export const ZipLimits = {
  /** More entries than this is no book we read a cover from. */
  maxEntries: 10_000,
  /** The central directory of 10,000 entries with long names fits in this. */
  maxDirectoryBytes: 4 * 1024 * 1024,
  /** The most one entry (an OPF, a cover image) may inflate to, or take compressed. */
  maxEntryBytes: 20 * 1024 * 1024,
} as const;

const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export class BadArchiveError extends Error {
  constructor(reason: string) {
    super(`Not a readable archive: ${reason}`);
    this.name = 'BadArchiveError';
  }
}

export interface ZipArchive {
  entries: ZipEntry[];
  /** The entry's bytes, inflated to at most ZipLimits.maxEntryBytes; BadArchiveError past that. */
  read(entry: ZipEntry): Promise<Buffer>;
}

/** The archive of a file of `size` bytes read through `readRange`. */
export async function openZip(size: number, readRange: ReadRange): Promise<ZipArchive> {
  if (size < 22) throw new BadArchiveError('too short');
  const tailStart = Math.max(0, size - ZIP_TAIL_BYTES);
  const tail = await readRange(tailStart, size - 1);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new BadArchiveError('no end record');
  const count = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  if (count > ZipLimits.maxEntries) throw new BadArchiveError('too many entries');
  if (dirSize > ZipLimits.maxDirectoryBytes || dirOffset + dirSize > size) {
    throw new BadArchiveError('bad central directory');
  }
  const dir = dirSize === 0 ? Buffer.alloc(0) : await readRange(dirOffset, dirOffset + dirSize - 1);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw new BadArchiveError('bad central directory');
    }
    const nameLength = dir.readUInt16LE(at + 28);
    const extraLength = dir.readUInt16LE(at + 30);
    const commentLength = dir.readUInt16LE(at + 32);
    const utf8 = (dir.readUInt16LE(at + 8) & 0x800) !== 0;
    entries.push({
      name: dir.toString(utf8 ? 'utf8' : 'latin1', at + 46, Math.min(dir.length, at + 46 + nameLength)),
      method: dir.readUInt16LE(at + 10),
      compressedSize: dir.readUInt32LE(at + 20),
      localHeaderOffset: dir.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }

  async function read(entry: ZipEntry): Promise<Buffer> {
    if (entry.compressedSize > ZipLimits.maxEntryBytes) throw new BadArchiveError('entry too large');
    if (entry.method !== STORED && entry.method !== DEFLATED) throw new BadArchiveError('unsupported compression');
    const header = await readRange(entry.localHeaderOffset, Math.min(size - 1, entry.localHeaderOffset + 29));
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new BadArchiveError('bad entry');
    const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (entry.compressedSize === 0) return Buffer.alloc(0);
    const dataEnd = dataStart + entry.compressedSize - 1;
    if (dataEnd >= size) throw new BadArchiveError('entry past the end');
    const data = await readRange(dataStart, dataEnd);
    if (entry.method === STORED) return data;
    try {
      // maxOutputLength stops the inflater at the cap, whatever the entry declares (a zip bomb).
      return inflateRawSync(data, { maxOutputLength: ZipLimits.maxEntryBytes });
    } catch {
      throw new BadArchiveError('entry does not inflate within the cap');
    }
  }

  return { entries, read };
}
