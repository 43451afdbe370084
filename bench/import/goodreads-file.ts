import { GOODREADS_COLUMNS } from '../../test-support/src/goodreads.js';

/** A Goodreads library export of `rows` books, with the quirks of the real thing (quoted ISBNs, shelves, reviews). */
export function goodreadsCsv(rows: number): string {
  const header = GOODREADS_COLUMNS.join(',');
  const shelves = ['read', 'to-read', 'currently-reading'];
  const bindings = ['Hardcover', 'Paperback', 'Kindle Edition', 'Mass Market Paperback', 'Audible Audio'];
  const lines = [header];
  for (let i = 0; i < rows; i += 1) {
    const shelf = shelves[i % 3]!;
    // Every 20th book has no ISBN, as many old or self-published ones do.
    const isbn13 = i % 20 === 0 ? '' : isbn13Of(978_000_000_000 + i * 7);
    const review = i % 10 === 0 ? `"A review of book ${i}.<br/>With a second line, and a comma."` : '';
    lines.push(
      [
        1000 + i,
        `"Imported Book ${i} (Series ${i % 50}, #${i % 7})"`,
        `Author ${i % 800}`,
        `"${i % 800}, Author"`,
        '',
        '"="""""',
        `"=""${isbn13}"""`,
        i % 6,
        '3.9',
        `Publisher ${i % 40}`,
        bindings[i % bindings.length],
        100 + (i % 500),
        1950 + (i % 70),
        1950 + (i % 70),
        shelf === 'read' ? `2020/0${1 + (i % 9)}/1${i % 10}` : '',
        `2019/0${1 + (i % 9)}/0${1 + (i % 9)}`,
        `"${shelf}, favourites, shelf-${i % 30}"`,
        '',
        shelf,
        review,
        '',
        '',
        shelf === 'read' ? 1 : 0,
        i % 4 === 0 ? 1 : 0,
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\n')}\n`;
}

function isbn13Of(first12: number): string {
  const digits = String(first12).padStart(12, '0').slice(0, 12);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += (i % 2 === 0 ? 1 : 3) * Number(digits[i]);
  return digits + String((10 - (sum % 10)) % 10);
}
