import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ImportFileError,
  MAX_IMPORT_BYTES,
  parseImportFile,
  parseImportFileInSlices,
  ROWS_PER_SLICE,
} from './parse-import.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const refusal = (text: string, filename?: string): string => {
  try {
    parseImportFile(text, filename);
  } catch (error) {
    if (error instanceof ImportFileError) return error.message;
    throw error;
  }
  throw new Error('the file was not refused');
};

describe('parseImportFile refuses files it cannot read', () => {
  it('refuses binary files', () => {
    // A ZIP header (as an .xlsx starts) with the NUL bytes text never has, decoded as UTF-8 would be.
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
    expect(refusal(bytes.toString('utf8'))).toBe(
      'This is not a text file. Export your library as CSV or JSON and import that file.',
    );
    expect(refusal(bytes.toString('utf8'), 'books.xlsx')).toBe(
      'This looks like a spreadsheet file. Save it as CSV and import that file.',
    );
  });

  it('refuses text that is mostly bytes that were not UTF-8, but tolerates a few', () => {
    const latin1 = Buffer.from('Title,Author\nÉtranger,Camus\n'.repeat(5), 'latin1');
    const mangled = Buffer.from([0xff, 0xfe, 0x80, 0x81, 0x82, 0x83]).toString('utf8') + latin1.toString('utf8');
    expect(refusal(mangled)).toMatch(/not a text file/);
    const oneBad = `Title,Author\nL\uFFFDtranger,Camus\n${'Dune,Frank Herbert\n'.repeat(10)}`;
    expect(parseImportFile(oneBad).rows).toHaveLength(11);
  });

  it('refuses empty files', () => {
    expect(refusal('')).toBe('The file is empty.');
    expect(refusal('\uFEFF  \n\t\n')).toBe('The file is empty.');
  });

  it('refuses a CSV without title and author columns', () => {
    expect(refusal(fixture('no-title.csv'))).toBe(
      'No recognisable columns: the file needs at least Title and Author columns, or a Goodreads, LibraryThing or StoryGraph export.',
    );
  });

  it('refuses JSON that is neither our export nor LibraryThing’s', () => {
    const message = 'This JSON file is neither a Bookshelf export nor a LibraryThing export.';
    expect(refusal('{"hello":"world"}')).toBe(message);
    expect(refusal('[1,2,3]')).toBe(message);
    expect(refusal('{}')).toBe(message);
  });

  it('refuses our JSON export of another version, or without books', () => {
    expect(refusal('{"format":"bookshelf","version":2,"books":[]}')).toBe(
      'This Bookshelf export is version 2; this version of Bookshelf reads version 1.',
    );
    expect(refusal('{"format":"bookshelf","version":1}')).toBe('This Bookshelf export has no list of books.');
  });

  it('says so when a file that starts like JSON is not JSON', () => {
    expect(refusal('{"format": "bookshelf", "books": [')).toBe('The file starts like JSON but is not valid JSON.');
  });

  it('refuses more text than the size limit allows', () => {
    expect(refusal('x'.repeat(MAX_IMPORT_BYTES + 1))).toBe('The file is larger than 50 MB.');
  });

  it('throws an error that says what it is', () => {
    expect(() => parseImportFile('')).toThrow(ImportFileError);
    expect(new ImportFileError('x').name).toBe('ImportFileError');
  });
});

describe('parseImportFile reads', () => {
  it('an export with a header and no books', () => {
    expect(parseImportFile('Title,Author\n')).toEqual({ format: 'generic-csv', rows: [] });
  });

  it('our JSON export with no books', () => {
    expect(
      parseImportFile('{"format":"bookshelf","version":1,"exportedAt":"2024-01-01T00:00:00.000Z","books":[]}'),
    ).toEqual({ format: 'bookshelf-json', rows: [] });
  });

  it('10,000 Goodreads rows', () => {
    const header = fixture('goodreads_library_export.csv').split('\n')[0] ?? '';
    const line = (i: number) =>
      `${i},"Book ${i}, Part ${i % 7}",Author ${i % 100},"${i % 100}, Author",,"=""0439023483""","=""9780439023481""",${i % 6},3.9,Publisher,Paperback,${100 + (i % 500)},2001,1999,2019/05/03,2019/04/20,"shelf-${i % 3}, read",,read,"A review<br/>of ${i}",,,1,1`;
    const text = [header, ...Array.from({ length: 10_000 }, (_, i) => line(i + 1))].join('\n');
    const { format, rows } = parseImportFile(text);
    expect(format).toBe('goodreads');
    expect(rows).toHaveLength(10_000);
    expect(rows.filter((r) => r.book)).toHaveLength(10_000);
  });
});

describe('parseImportFileInSlices', () => {
  it('gives the same rows as parseImportFile across chunk and slice boundaries, multi-line reviews included', async () => {
    const header = 'Title,Author,ISBN,Review,Tags';
    const lines = Array.from(
      { length: ROWS_PER_SLICE * 40 + 17 },
      (_, i) => `"Book ${i}","Writer, ${i % 11}",,"Line one of ${i}\nline two, ""quoted""\n${'x'.repeat(i % 300)}",a;b`,
    );
    const text = [header, ...lines].join('\r\n');
    expect(text.length).toBeGreaterThan(64 * 1024 * 2);
    const sliced = await parseImportFileInSlices(text, 'big.csv');
    expect(sliced).toEqual(parseImportFile(text, 'big.csv'));
    expect(sliced.rows).toHaveLength(lines.length);
    // The header is row 1: the last line is row lines.length + 1, however many lines its cells span.
    expect(sliced.rows.at(-1)).toMatchObject({
      row: lines.length + 1,
      book: { input: { title: `Book ${lines.length - 1}` } },
    });
  });

  it('refuses what parseImportFile refuses', async () => {
    await expect(parseImportFileInSlices('Name,Price\nLamp,1\n')).rejects.toBeInstanceOf(ImportFileError);
  });
});
