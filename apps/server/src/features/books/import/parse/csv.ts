import Papa from 'papaparse';
import { unescapeFormula } from '../../csv-formulas.js';

/** A delimited file as text cells: the header row, then one record per book. */
export interface Table {
  header: string[];
  records: string[][];
}

const BOM = '\uFEFF';

/**
 * Reads CSV, TSV or semicolon-separated text. Spreadsheets in many European locales save with semicolons and
 * LibraryThing offers tab-separated files, so the delimiter is guessed rather than assumed; papaparse keeps
 * quoted fields that span lines (Goodreads reviews) whole.
 */
export function readTable(text: string): Table {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const { data } = Papa.parse<string[]>(source, { skipEmptyLines: 'greedy', delimitersToGuess: [',', '\t', ';'] });
  return tableOf(data);
}

function tableOf(data: string[][]): Table {
  const [first = [], ...rest] = data;
  return {
    header: first.map((cell) => cell.trim()),
    // 'greedy' drops lines of bare whitespace, but not lines of empty cells such as ",,,".
    records: rest
      .filter((record) => record.some((cell) => cell.trim() !== ''))
      // Our export (and other programs) put an apostrophe before a cell a spreadsheet would run as a formula.
      .map((record) => record.map(unescapeFormula)),
  };
}

/** Characters parsed between two turns of the event loop (a few milliseconds of work). */
const CHUNK_CHARS = 64 * 1024;

/**
 * readTable in chunks, the event loop given back after each: papaparse pauses after a chunk and resumes on
 * the next turn, carrying a quoted field across the boundary, so the result is the same.
 */
export function readTableInChunks(text: string): Promise<Table> {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const data: string[][] = [];
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(source, {
      skipEmptyLines: 'greedy',
      delimitersToGuess: [',', '\t', ';'],
      chunkSize: CHUNK_CHARS,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        for (const record of results.data) data.push(record);
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(tableOf(data)),
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
