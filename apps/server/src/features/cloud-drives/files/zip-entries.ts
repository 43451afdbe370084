/**
 * Just enough of the ZIP format to tell EPUB, DOCX and CBZ apart without unpacking anything: entry names from
 * local file headers in the first bytes of an upload, and from the central directory at the end of a stored
 * one. Nothing is inflated, so a zip bomb costs nothing here.
 */

export const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]); // PK\3\4
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
export const ZIP_TAIL_BYTES = 22 + 0xffff;

export const isZip = (head: Buffer) => head.length >= 4 && head.subarray(0, 4).equals(ZIP_SIGNATURE);

export interface LocalEntry {
  name: string;
  /** 0: stored (the data follows the header as is). */
  method: number;
  /** Where the entry's data starts in the buffer. */
  dataOffset: number;
}

function localEntryAt(head: Buffer, offset: number): LocalEntry | null {
  if (offset + 30 > head.length || head.readUInt32LE(offset) !== 0x04034b50) return null;
  const nameLength = head.readUInt16LE(offset + 26);
  const extraLength = head.readUInt16LE(offset + 28);
  if (offset + 30 + nameLength > head.length) return null;
  return {
    name: head.toString('latin1', offset + 30, offset + 30 + nameLength),
    method: head.readUInt16LE(offset + 8),
    dataOffset: offset + 30 + nameLength + extraLength,
  };
}

/** The first entry: an EPUB's must be `mimetype`, stored. */
export const firstEntry = (head: Buffer): LocalEntry | null => localEntryAt(head, 0);

/**
 * The names of the local file headers found in `head`. Every signature is looked at (rather than skipping from
 * one entry to the next by its size, which writers that stream leave as zero), so a name is only trusted when
 * a whole header carries it; a signature inside compressed data at worst adds a name that is not there.
 */
export function localEntryNames(head: Buffer): string[] {
  const names: string[] = [];
  for (let at = head.indexOf(ZIP_SIGNATURE); at >= 0; at = head.indexOf(ZIP_SIGNATURE, at + 4)) {
    const entry = localEntryAt(head, at);
    if (entry) names.push(entry.name);
  }
  return names;
}

/**
 * The entry names of the central directory, given the last bytes of the file (`tail`, up to ZIP_TAIL_BYTES)
 * and a way to read a range of it; null when the end record is not found or is inconsistent.
 */
export async function centralDirectoryNames(
  tail: Buffer,
  size: number,
  read: (start: number, end: number) => Promise<Buffer>,
  maxBytes: number,
): Promise<string[] | null> {
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  if (dirSize === 0 || dirSize > maxBytes || dirOffset + dirSize > size) return null;
  const dir = await read(dirOffset, dirOffset + dirSize - 1);
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < entries && at + 46 <= dir.length; i += 1) {
    if (dir.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = dir.readUInt16LE(at + 28);
    const extraLength = dir.readUInt16LE(at + 30);
    const commentLength = dir.readUInt16LE(at + 32);
    names.push(dir.toString('latin1', at + 46, Math.min(dir.length, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
