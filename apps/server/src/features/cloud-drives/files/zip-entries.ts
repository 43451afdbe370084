/**
 * Just enough of the ZIP format to tell EPUB, DOCX and CBZ apart without unpacking them: the entries of the
 * central directory at the end of a stored upload, and one small entry (an EPUB's META-INF/container.xml)
 * inflated to a hard cap, so a zip bomb costs nothing here.
 */
import { inflateRawSync } from 'node:zlib';

export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]); // PK\3\4
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
export const ZIP_TAIL_BYTES = 22 + 0xffff;

export const isZip = (head: Buffer) => head.length >= 4 && head.subarray(0, 4).equals(ZIP_SIGNATURE);

/** An entry as the central directory lists it: enough to find and read its data. */
export interface CentralEntry {
  name: string;
  /** 0: stored, 8: deflated. */
  method: number;
  compressedSize: number;
  /** Where its local file header starts. */
  localOffset: number;
}

/**
 * The entries of the central directory, given the last bytes of the file (`tail`, up to ZIP_TAIL_BYTES)
 * and a way to read a range of it; null when the end record is not found or is inconsistent.
 */
export async function centralDirectory(
  tail: Buffer,
  size: number,
  read: (start: number, end: number) => Promise<Buffer>,
  maxBytes: number,
): Promise<CentralEntry[] | null> {
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  if (dirSize === 0 || dirSize > maxBytes || dirOffset + dirSize > size) return null;
  const dir = await read(dirOffset, dirOffset + dirSize - 1);
  const entries: CentralEntry[] = [];
  let at = 0;
  for (let i = 0; i < count && at + 46 <= dir.length; i += 1) {
    if (dir.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = dir.readUInt16LE(at + 28);
    const extraLength = dir.readUInt16LE(at + 30);
    const commentLength = dir.readUInt16LE(at + 32);
    entries.push({
      name: dir.toString('latin1', at + 46, Math.min(dir.length, at + 46 + nameLength)),
      method: dir.readUInt16LE(at + 10),
      compressedSize: dir.readUInt32LE(at + 20),
      localOffset: dir.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry names of the central directory (see centralDirectory). */
export async function centralDirectoryNames(
  tail: Buffer,
  size: number,
  read: (start: number, end: number) => Promise<Buffer>,
  maxBytes: number,
): Promise<string[] | null> {
  return (await centralDirectory(tail, size, read, maxBytes))?.map((entry) => entry.name) ?? null;
}

/**
 * One small entry's bytes, inflated when deflated, or null when it is larger than `maxBytes` (packed or
 * unpacked), uses another method or is damaged: only ever used for a few kilobytes of XML, so a bomb stops at
 * the cap.
 */
export async function readSmallEntry(
  entry: CentralEntry,
  size: number,
  read: (start: number, end: number) => Promise<Buffer>,
  maxBytes: number,
): Promise<Buffer | null> {
  if (entry.compressedSize > maxBytes || entry.localOffset + 30 > size) return null;
  const header = await read(entry.localOffset, entry.localOffset + 29);
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) return null;
  const dataStart = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (dataStart + entry.compressedSize > size) return null;
  const data =
    entry.compressedSize === 0 ? Buffer.alloc(0) : await read(dataStart, dataStart + entry.compressedSize - 1);
  if (entry.method === 0) return data;
  if (entry.method !== 8) return null;
  try {
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    return null;
  }
}
