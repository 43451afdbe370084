import Papa from 'papaparse';

/** One row of the sessions CSV. */
export interface SessionCsvRow {
  date: string;
  startTime: string;
  endTime: string;
  fileId: string | null;
  fileName: string | null;
  pagesRead: number;
  timeSpent: number;
}

const COLUMNS = ['date', 'startTime', 'endTime', 'fileId', 'fileName', 'pagesRead', 'timeSpent'] as const;

/**
 * SECURITY.md "CSV export formula injection": a text cell a spreadsheet would run as a formula gets a leading
 * apostrophe. Papaparse's own pattern (`/^[=+\-@\t\r].*$/`) misses a cell with a line break after the
 * formula, so the first character alone decides here. Numbers are written as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const BOM = '\uFEFF';

/**
 * The reader's sessions as CSV (RFC 4180: fields with a comma, quote or line break quoted, quotes doubled,
 * CRLF line ends), a header row first, and a byte order mark so that Excel reads the UTF-8 of file names.
 */
export function sessionsToCsv(rows: readonly SessionCsvRow[]): string {
  const data = rows.map((r) => COLUMNS.map((c) => r[c] ?? ''));
  return `${BOM}${Papa.unparse({ fields: [...COLUMNS], data }, { newline: '\r\n', escapeFormulae: FORMULA_START })}\r\n`;
}
