import { expect, it } from 'vitest';
import { SNIFF_BYTES, sniffBookType } from './book-file-type.js';
import { books } from './files-harness.js';
import { centralDirectoryNames, ZIP_TAIL_BYTES } from './zip-entries.js';

it('leaves a DOCX whose main part comes after the first bytes to its central directory', async () => {
  const docx = books.docx(SNIFF_BYTES + 1000);
  expect(sniffBookType(docx.subarray(0, SNIFF_BYTES), 'Late.docx', false)).toBe('zip');
  expect(sniffBookType(docx, 'Late.docx', true)).toBe('docx');
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

it('reads text only from names saying so, and FictionBook only as a root element without a DTD', () => {
  expect(sniffBookType(books.txt(), 'a.txt', true)).toBe('txt');
  expect(sniffBookType(books.txt(), 'a.html', true)).toBe(null);
  expect(sniffBookType(Buffer.from([0xe2, 0x80]), 'cut.txt', false)).toBe('txt');
  expect(sniffBookType(Buffer.from([0xe2, 0x80]), 'cut.txt', true)).toBe(null);
  expect(sniffBookType(Buffer.alloc(0), 'empty.txt', true)).toBe(null);
  expect(sniffBookType(books.fb2(), 'x.fb2', true)).toBe('fb2');
  const withDtd = Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><FictionBook/>');
  expect(sniffBookType(withDtd, 'x.fb2', true)).toBe(null);
  expect(sniffBookType(books.epub(), 'x.cbz', true)).toBe('epub');
  expect(sniffBookType(books.cbz(), 'x.cbz', true)).toBe('cbz');
});
