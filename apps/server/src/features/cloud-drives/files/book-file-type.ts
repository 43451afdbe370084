import { fileTypeFromName, type DriveFileType } from '@bookshelf/contract';
import { firstEntry, isZip, localEntryNames } from './zip-entries.js';

/** How much of an upload is looked at before it is stored: all a text file's check needs, and the rest's. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * What the first bytes say: a type, `zip` when only the zip's central directory can tell (a DOCX whose
 * `word/document.xml` comes late), or null when the bytes are none of the types we list.
 */
export type SniffResult = DriveFileType | 'zip' | null;

const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const BOOKMOBI = Buffer.from('BOOKMOBI', 'latin1');
const EPUB_MIMETYPE = 'application/epub+zip';
export const DOCX_MAIN_PART = 'word/document.xml';

const at = (head: Buffer, signature: Buffer, offset = 0) =>
  head.length >= offset + signature.length && head.subarray(offset, offset + signature.length).equals(signature);

/** A Kindle format 8 book: its first record's MOBI header says file version 8 or later. */
function isKf8(head: Buffer): boolean {
  if (head.length < 82) return false;
  const record0 = head.readUInt32BE(78);
  if (record0 + 56 > head.length || head.toString('latin1', record0 + 16, record0 + 20) !== 'MOBI') return false;
  return head.readUInt32BE(record0 + 52) >= 8;
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
  if (isZip(head)) {
    const first = firstEntry(head);
    if (
      first?.name === 'mimetype' &&
      first.method === 0 &&
      head.toString('latin1', first.dataOffset, first.dataOffset + EPUB_MIMETYPE.length) === EPUB_MIMETYPE
    ) {
      return 'epub';
    }
    if (localEntryNames(head).includes(DOCX_MAIN_PART)) return 'docx';
    if (named === 'cbz') return 'cbz';
    return complete ? null : 'zip';
  }
  if (isFictionBook(head)) return 'fb2';
  if (named === 'txt' && isUtf8Text(head, complete)) return 'txt';
  return null;
}
