import { fileTypeFromName, type DriveFileType } from '@bookshelf/contract';
import { isZip, type CentralEntry } from './zip-entries.js';

/** How much of an upload is looked at before it is stored: all a text file's check needs, and the rest's. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * What the first bytes say: a type, `zip` for any zip (only its central directory can tell an EPUB, a DOCX and
 * a comic apart, wherever their entries lie), or null when the bytes are none of the types we list.
 */
export type SniffResult = DriveFileType | 'zip' | null;

const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const BOOKMOBI = Buffer.from('BOOKMOBI', 'latin1');
export const DOCX_MAIN_PART = 'word/document.xml';
const EPUB_CONTAINER = 'META-INF/container.xml';
/** A container.xml is a few hundred bytes; more than this is not one we read. */
const CONTAINER_MAX_BYTES = 64 * 1024;

const at = (head: Buffer, signature: Buffer, offset = 0) =>
  head.length >= offset + signature.length && head.subarray(offset, offset + signature.length).equals(signature);

/**
 * A Kindle format 8 book: its first record's MOBI header (16 bytes into the record, after PalmDOC's) says file
 * version 8 or later at its byte 20. A field further on, 0xFFFFFFFF in calibre's MOBI 6, was read before.
 */
function isKf8(head: Buffer): boolean {
  if (head.length < 82) return false;
  const record0 = head.readUInt32BE(78);
  if (record0 + 40 > head.length || head.toString('latin1', record0 + 16, record0 + 20) !== 'MOBI') return false;
  return head.readUInt32BE(record0 + 16 + 20) >= 8;
}

/** An XML document whose root is FictionBook: read as text, never parsed, so a DTD never comes into it. */
function isFictionBook(head: Buffer): boolean {
  let text = head.subarray(0, 2048).toString('latin1');
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  for (;;) {
    text = text.trimStart();
    const close = text.startsWith('<?') ? '?>' : text.startsWith('<!--') ? '-->' : null;
    if (close === null) break;
    const end = text.indexOf(close);
    if (end < 0) return false;
    text = text.slice(end + close.length);
  }
  // A DOCTYPE (or anything else) before the root is not a book we take.
  return /^<(?:[A-Za-z_][\w.-]*:)?FictionBook[\s/>]/.test(text);
}

/** Valid UTF-8 with no NUL; `complete` when `head` is the whole file (else a character cut at its end is fine). */
function isUtf8Text(head: Buffer, complete: boolean): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of an upload from its first bytes (decision 050): the name only refines what the bytes already
 * say (MOBI or AZW3, a comic's zip) and must say `.txt` for plain text, so an HTML page renamed `.pdf` or
 * `.txt`-less text is refused. The part's Content-Type is never read.
 */
export function sniffBookType(head: Buffer, name: string, complete: boolean): SniffResult {
  const named = fileTypeFromName(name);
  if (at(head, PDF)) return 'pdf';
  // Excel and PowerPoint files are OLE2 too: only a name saying .doc makes it a Word document.
  if (at(head, OLE2)) return named === 'doc' ? 'doc' : null;
  if (at(head, BOOKMOBI, 60)) return named === 'azw3' || isKf8(head) ? 'azw3' : 'mobi';
  if (isZip(head)) return 'zip';
  if (isFictionBook(head)) return 'fb2';
  if (named === 'txt' && isUtf8Text(head, complete)) return 'txt';
  return null;
}

/** The package document an EPUB's container.xml points at (its first rootfile), or null. */
export function rootfilePath(containerXml: string): string | null {
  const rootfile = /<(?:[\w.-]+:)?rootfile\b[^>]*?\sfull-path\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(containerXml);
  const path = (rootfile?.[1] ?? rootfile?.[2] ?? '').trim();
  return path === '' ? null : path;
}

/**
 * What a zip is, from its central directory: an EPUB when META-INF/container.xml points at a package
 * document the zip holds (what reading systems look for; calibre often stores `mimetype` after other entries,
 * so its place is not asked for), a DOCX when it has Word's main part, a comic when its name says so.
 */
export async function zipBookType(
  entries: readonly CentralEntry[],
  name: string,
  readEntry: (entry: CentralEntry, maxBytes: number) => Promise<Buffer | null>,
): Promise<DriveFileType | null> {
  const names = new Set(entries.map((entry) => entry.name));
  const container = entries.find((entry) => entry.name === EPUB_CONTAINER);
  if (container) {
    const xml = await readEntry(container, CONTAINER_MAX_BYTES);
    const opf = xml && rootfilePath(xml.toString('utf8'));
    if (opf && names.has(opf.replace(/^\/+/, ''))) return 'epub';
  }
  if (names.has(DOCX_MAIN_PART)) return 'docx';
  if (fileTypeFromName(name) === 'cbz') return 'cbz';
  return null;
}
