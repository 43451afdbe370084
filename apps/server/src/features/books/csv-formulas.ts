/**
 * SECURITY.md "CSV export formula injection": a spreadsheet runs a text cell starting with =, +, -, @, tab or
 * CR as a formula, so our CSV files write such a cell with a leading apostrophe, which spreadsheets take to
 * mean "text" and do not show. Only the first character decides: papaparse's own escapeFormulae pattern
 * (`/^[=+\-@\t\r].*$/`) misses a cell with a line break after the formula.
 *
 * A cell that already starts with apostrophes before such a character ("'=x" typed as a title) gets one more
 * too, so that reading back, which drops exactly one, gives every text as it was: "'Tis" is left alone both
 * ways.
 */
const ESCAPED = /^'*[=+\-@\t\r]/;
const UNESCAPED = /^'+[=+\-@\t\r]/;

/** The text as a CSV cell a spreadsheet shows as text. Numbers are not text and are written as they are. */
export const escapeFormula = (text: string): string => (ESCAPED.test(text) ? `'${text}` : text);

/** A cell as its text again: the apostrophe escapeFormula (or another program doing the same) put in front goes. */
export const unescapeFormula = (cell: string): string => (UNESCAPED.test(cell) ? cell.slice(1) : cell);
