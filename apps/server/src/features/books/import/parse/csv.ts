import Papa from 'papaparse';
import { unescapeFormula } from '../../csv-formulas.js';

/** A delimited file as text cells: the header row, then one record per book. */
export interface Table {
  header: string[];
  records: string[][];
  /**
   * Each record's row as a spreadsheet numbers it (the header is row 1; blank lines are rows too). Absent, the
   * records follow the header line by line.
   */
  rows?: number[];
}

/** The spreadsheet row of a table's record. */
export const rowOf = (table: Table, index: number): number => table.rows?.[index] ?? index + 2;

const BOM = '\uFEFF';

/**
 * Reads CSV, TSV or semicolon-separated text. Spreadsheets in many European locales save with semicolons and
 * LibraryThing offers tab-separated files, so the delimiter is guessed rather than assumed; papaparse keeps
 * quoted fields that span lines (Goodreads reviews) whole.
 */
export function readTable(text: string): Table {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const { data } = Papa.parse<string[]>(source, { skipEmptyLines: false, delimiter: delimiterOf(source) });
  return tableOf(data);
}

const DELIMITERS = [',', '\t', ';'];

/**
 * The delimiter, guessed from the first lines that hold something: papaparse's guess counts a blank line as a
 * record of one field, which can tip it from tabs to commas, and the table itself keeps blank lines.
 */
function delimiterOf(source: string): string {
  return Papa.parse<string[]>(source, { preview: 10, skipEmptyLines: 'greedy', delimitersToGuess: DELIMITERS }).meta
    .delimiter;
}

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

/**
 * Blank lines are read, not skipped, so that each record keeps the row number a spreadsheet shows for it (a
 * quoted cell over several lines is still one row), and a problem reported for "row 7" is row 7 when the
 * reader opens the file. Blank records (bare whitespace, or empty cells such as ",,,") are then dropped.
 */
function tableOf(data: string[][]): Table {
  const table = createTableBuilder();
  for (const record of data) table.add(record);
  return table.table();
}

/** tableOf a record at a time, as a parser hands them over. */
function createTableBuilder() {
  let line = 0;
  let header: string[] | undefined;
  const records: string[][] = [];
  const rows: number[] = [];
  return {
    add(record: string[]) {
      line += 1;
      if (isBlank(record)) return;
      if (!header) header = record;
      else {
        // Our export (and other programs) put an apostrophe before a cell a spreadsheet would run as a formula.
        records.push(record.map(unescapeFormula));
        rows.push(line);
      }
    },
    table: (): Table => ({ header: (header ?? []).map((cell) => cell.trim()), records, rows }),
  };
}

/** The same table's records from `start` to `end`, with their row numbers. */
export const sliceTable = (table: Table, start: number, end: number): Table => ({
  header: table.header,
  records: table.records.slice(start, end),
  rows: table.records.slice(start, end).map((_, i) => rowOf(table, start + i)),
});

/** Characters parsed between two turns of the event loop (about a millisecond of work; 64 KB was ~5 ms). */
const CHUNK_CHARS = 16 * 1024;

/**
 * readTable in chunks, the event loop given back after each: papaparse pauses after a chunk and resumes on
 * the next turn, carrying a quoted field across the boundary, so the result is the same.
 */
export function readTableInChunks(text: string): Promise<Table> {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const table = createTableBuilder();
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(source, {
      skipEmptyLines: false,
      delimiter: delimiterOf(source),
      chunkSize: CHUNK_CHARS,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        // Each chunk's records go into the table as they come, so no pass over the whole file is left for the end.
        for (const record of results.data) table.add(record);
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(table.table()),
      error: (error: Error) => reject(error),
    });
  });
}

/**
 * The form a column name is compared in: case, spaces, hyphens and underscores ignored, so "ISBN-13",
 * "isbn13" and "Date_Read" match what each format's mapper asks for.
 */
export const columnKey = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');

/** The column keys a header has. */
export const headerKeys = (header: readonly string[]): Set<string> => new Set(header.map(columnKey));

/**
 * A reader of a table's cells by column name: the trimmed text of the first named column that the header has
 * and that is not blank in the record, else ''. Positions are looked up once per header, not once per cell.
 */
export function columnReader(header: readonly string[]): (record: readonly string[], ...names: string[]) => string {
  const positions = new Map<string, number>();
  header.forEach((name, index) => {
    const key = columnKey(name);
    if (!positions.has(key)) positions.set(key, index);
  });
  const keys = new Map<string, number | undefined>();
  const positionOf = (name: string) => {
    if (!keys.has(name)) keys.set(name, positions.get(columnKey(name)));
    return keys.get(name);
  };
  return (record, ...names) => {
    for (const name of names) {
      const index = positionOf(name);
      const value = index === undefined ? undefined : record[index]?.trim();
      if (value) return value;
    }
    return '';
  };
}
