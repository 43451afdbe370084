import { realBook } from '@bookshelf/test-support';
import { expect, it } from 'vitest';
import { SNIFF_BYTES, rootfilePath, sniffBookType, zipBookType } from './book-file-type.js';
import { books, zipOf } from './files-harness.js';
import { centralDirectory, centralDirectoryNames, readSmallEntry, ZIP_TAIL_BYTES } from './zip-entries.js';

/** What the upload service does with a stored zip, on a buffer. */
async function typeOfZip(zip: Buffer, name: string) {
  const read = (start: number, end: number) => Promise.resolve(zip.subarray(start, end + 1));
  const entries = await centralDirectory(
    zip.subarray(Math.max(0, zip.length - ZIP_TAIL_BYTES)),
    zip.length,
    read,
    1 << 20,
  );
  if (!entries) return null;
  return zipBookType(entries, name, (entry, max) => readSmallEntry(entry, zip.length, read, max));
}

it('leaves every zip to its central directory, which finds a DOCX main part wherever it lies', async () => {
  const docx = books.docx(SNIFF_BYTES + 1000);
  expect(sniffBookType(docx.subarray(0, SNIFF_BYTES), 'Late.docx', false)).toBe('zip');
  expect(sniffBookType(docx, 'Late.docx', true)).toBe('zip');
  expect(await typeOfZip(docx, 'Late.docx')).toBe('docx');
  const tail = docx.subarray(Math.max(0, docx.length - ZIP_TAIL_BYTES));
  const names = await centralDirectoryNames(
    tail,
    docx.length,
    (start, end) => Promise.resolve(docx.subarray(start, end + 1)),
    1 << 20,
  );
  expect(names).toEqual(['[Content_Types].xml', 'word/media/image1.png', 'word/document.xml']);
  expect(await centralDirectoryNames(Buffer.alloc(100), 100, () => Promise.resolve(Buffer.alloc(0)), 1 << 20)).toBe(
    null,
  );
});

it('takes calibre’s own EPUB, whose mimetype is not its first entry and whose container.xml is deflated', async () => {
  const calibre = realBook('calibreQuickStart');
  expect(sniffBookType(calibre, 'Quick Start Guide.epub', true)).toBe('zip');
  expect(await typeOfZip(calibre, 'Quick Start Guide.epub')).toBe('epub');
  // The bytes decide, not the name.
  expect(await typeOfZip(calibre, 'Quick Start Guide.cbz')).toBe('epub');
});

it('calls a zip an EPUB only when container.xml points at a package document it holds', async () => {
  const container = (path: string) =>
    `<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0">` +
    `<rootfiles><rootfile full-path="${path}" media-type="application/oebps-package+xml"/></rootfiles></container>`;
  const late = zipOf([
    ['META-INF/container.xml', container('OEBPS/book.opf')],
    ['OEBPS/book.opf', '<package/>'],
    ['mimetype', 'application/epub+zip'],
  ]);
  expect(await typeOfZip(late, 'late.epub')).toBe('epub');
  // A mimetype first is not enough: without a container nothing can open it.
  expect(await typeOfZip(zipOf([['mimetype', 'application/epub+zip']]), 'bare.epub')).toBe(null);
  expect(await typeOfZip(zipOf([['META-INF/container.xml', container('missing.opf')]]), 'x.epub')).toBe(null);
  expect(await typeOfZip(zipOf([['META-INF/container.xml', '<container/>']]), 'x.epub')).toBe(null);
  expect(await typeOfZip(books.cbz(), 'Comic.cbz')).toBe('cbz');
  expect(await typeOfZip(books.cbz(), 'archive.zip')).toBe(null);
  expect(rootfilePath(`<rootfile media-type='x' full-path='a/b.opf'/>`)).toBe('a/b.opf');
  expect(rootfilePath('<opf:rootfile full-path="c.opf"/>')).toBe('c.opf');
  expect(rootfilePath('<rootfile full-path=""/>')).toBe(null);
});

it('never reads more of a container.xml than its cap', async () => {
  const huge = zipOf([
    ['META-INF/container.xml', Buffer.alloc(100_000, 0x20)],
    ['a.opf', '<package/>'],
  ]);
  const read = (start: number, end: number) => Promise.resolve(huge.subarray(start, end + 1));
  const entries = (await centralDirectory(huge.subarray(-ZIP_TAIL_BYTES), huge.length, read, 1 << 20))!;
  expect(await readSmallEntry(entries[0]!, huge.length, read, 64 * 1024)).toBe(null);
  expect(await readSmallEntry(entries[1]!, huge.length, read, 64 * 1024)).toEqual(Buffer.from('<package/>'));
});

it('reads text only from names saying so, and FictionBook only as a root element without a DTD', () => {
  expect(sniffBookType(books.txt(), 'a.txt', true)).toBe('txt');
  expect(sniffBookType(books.txt(), 'a.html', true)).toBe(null);
  expect(sniffBookType(Buffer.from([0xe2, 0x80]), 'cut.txt', false)).toBe('txt');
  expect(sniffBookType(Buffer.from([0xe2, 0x80]), 'cut.txt', true)).toBe(null);
  expect(sniffBookType(Buffer.alloc(0), 'empty.txt', true)).toBe(null);
  expect(sniffBookType(books.fb2(), 'x.fb2', true)).toBe('fb2');
  expect(sniffBookType(realBook('fb2UndefinedEntity'), 'MiniHelp.en.fb2', true)).toBe('fb2');
  const withDtd = Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><FictionBook/>');
  expect(sniffBookType(withDtd, 'x.fb2', true)).toBe(null);
});

it('tells calibre’s MOBI from its AZW3 by the bytes', () => {
  expect(sniffBookType(realBook('keepersLogMobi'), 'Keeper.mobi', true)).toBe('mobi');
  expect(sniffBookType(realBook('keepersLogAzw3'), 'Keeper', true)).toBe('azw3');
});
