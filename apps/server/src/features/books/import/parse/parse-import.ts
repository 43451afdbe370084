import { ImportLimits, ImportMessages } from '@bookshelf/contract';
import { bookshelfCsvRows, bookshelfJsonRows } from './bookshelf.js';
import { readTable, readTableInChunks, sliceTable, type Table } from './csv.js';
import { detectFormat, type ImportFormat } from './formats.js';
import { genericRows } from './generic.js';
import { goodreadsRows } from './goodreads.js';
import { isLibraryThingJson, libraryThingJsonRows, libraryThingRows } from './librarything.js';
import type { ParsedFile, ParsedRow } from './rows.js';
import { storyGraphRows } from './storygraph.js';
import { createTimeSlices } from '../time-slices.js';

/** The largest file an import takes. */
export const MAX_IMPORT_BYTES = ImportLimits.maxBytes;

/** A file that cannot be imported at all; its message is written for the reader. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

export const ImportFileMessages = {
  empty: 'The file is empty.',
  tooLarge: ImportMessages.tooLarge,
  binary: ImportMessages.notText,
  spreadsheet: 'This looks like a spreadsheet file. Save it as CSV and import that file.',
  unrecognised:
    'No recognisable columns: the file needs at least Title and Author columns, or a Goodreads, LibraryThing or StoryGraph export.',
  badJson: 'The file starts like JSON but is not valid JSON.',
  unknownJson: 'This JSON file is neither a Bookshelf export nor a LibraryThing export.',
  noBooksList: 'This Bookshelf export has no list of books.',
  version: (version: unknown) =>
    `This Bookshelf export is version ${String(version)}; this version of Bookshelf reads version 1.`,
} as const;

const BOM = '\uFEFF';
const REPLACEMENT = '\uFFFD';

/**
 * A NUL never occurs in a text export, and many U+FFFD mean bytes that were not UTF-8 (a spreadsheet, an
 * image, a file in another encoding) were decoded as if they were. A few are tolerated: exports do carry
 * the odd one from a mangled title.
 */
function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  const allowed = text.length / 100;
  let count = 0;
  for (let i = text.indexOf(REPLACEMENT); i >= 0; i = text.indexOf(REPLACEMENT, i + 1)) {
    count += 1;
    if (count > allowed) return true;
  }
  return false;
}

const CSV_MAPPERS: Record<Exclude<ImportFormat, 'bookshelf-json'>, (table: Table) => ParsedRow[]> = {
  goodreads: goodreadsRows,
  librarything: libraryThingRows,
  storygraph: storyGraphRows,
  'bookshelf-csv': bookshelfCsvRows,
  'generic-csv': genericRows,
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function fromJson(value: unknown): ParsedFile {
  if (isObject(value) && value.format === 'bookshelf') {
    if (value.version !== 1) throw new ImportFileError(ImportFileMessages.version(value.version));
    if (!Array.isArray(value.books)) throw new ImportFileError(ImportFileMessages.noBooksList);
    return { format: 'bookshelf-json', rows: bookshelfJsonRows(value.books) };
  }
  if (isLibraryThingJson(value)) return { format: 'librarything', rows: libraryThingJsonRows(value) };
  throw new ImportFileError(ImportFileMessages.unknownJson);
}

/** The checks every file passes first; answers the text to read, without its byte order mark. */
function readableBody(text: string, filename: string | undefined): string {
  // Characters are never fewer than the bytes they were decoded from, so this refuses nothing within the limit.
  if (text.length > MAX_IMPORT_BYTES) throw new ImportFileError(ImportFileMessages.tooLarge);
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  if (!body.trim()) throw new ImportFileError(ImportFileMessages.empty);
  if (looksBinary(body)) {
    const spreadsheet = /\.(?:xlsx?|xlsm|ods|numbers)$/i.test(filename ?? '');
    throw new ImportFileError(spreadsheet ? ImportFileMessages.spreadsheet : ImportFileMessages.binary);
  }
  return body;
}

/** JSON when the text starts like it and parses; undefined for CSV (or for broken JSON, which CSV then reports). */
function jsonFile(body: string): { file?: ParsedFile; jsonLike: boolean } {
  const start = body.trimStart()[0];
  const jsonLike = start === '{' || start === '[';
  const parsed = jsonLike ? parseJson(body) : undefined;
  return parsed ? { file: fromJson(parsed.value), jsonLike } : { jsonLike };
}

function csvFormat(table: Table, jsonLike: boolean): Exclude<ImportFormat, 'bookshelf-json'> {
  const format = detectFormat(table.header);
  if (!format || format === 'bookshelf-json') {
    throw new ImportFileError(jsonLike ? ImportFileMessages.badJson : ImportFileMessages.unrecognised);
  }
  return format;
}

/**
 * The books of an export file, each row a book to add or the reason it cannot be, in the file's order.
 * Throws ImportFileError when the file as a whole is not one we can read. `filename` only sharpens messages.
 */
export function parseImportFile(text: string, filename?: string): ParsedFile {
  const body = readableBody(text, filename);
  const { file, jsonLike } = jsonFile(body);
  if (file) return file;
  const table = readTable(body);
  const format = csvFormat(table, jsonLike);
  return { format, rows: CSV_MAPPERS[format](table) };
}

/** Rows mapped at a time between two looks at the clock (time-slices.ts gives the event loop back). */
export const ROWS_PER_SLICE = 25;

/**
 * parseImportFile in slices, giving the event loop back between them, so that reading a large file on the
 * server never holds other requests for more than a slice: the CSV is read in chunks, its rows mapped a few
 * hundred at a time. Same result as parseImportFile.
 */
export async function parseImportFileInSlices(text: string, filename?: string): Promise<ParsedFile> {
  const body = readableBody(text, filename);
  const { file, jsonLike } = jsonFile(body);
  if (file) return file;
  const table = await readTableInChunks(body);
  const format = csvFormat(table, jsonLike);
  const rows: ParsedRow[] = [];
  const slices = createTimeSlices();
  for (let offset = 0; offset < table.records.length; offset += ROWS_PER_SLICE) {
    // Each record carries its spreadsheet row number, so a slice maps to the same rows as the whole.
    rows.push(...CSV_MAPPERS[format](sliceTable(table, offset, offset + ROWS_PER_SLICE)));
    if (slices.due()) await slices.pause();
  }
  return { format, rows };
}
