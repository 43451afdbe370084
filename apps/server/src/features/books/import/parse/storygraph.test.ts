import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseImportFile } from './parse-import.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('the StoryGraph fixture', () => {
  const { format, rows } = parseImportFile(fixture('storygraph.csv'), 'storygraph.csv');
  const input = (row: number) => rows.find((r) => r.row === row)?.book?.input;

  it('is read as The StoryGraph', () => {
    expect(format).toBe('storygraph');
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.book)).toBe(true);
  });

  it('maps a read book, rounding a quarter star', () => {
    expect(rows[0]).toEqual({
      row: 2,
      book: {
        input: {
          title: 'Project Hail Mary',
          author: 'Andy Weir',
          isbn: '9780593135204',
          format: 'physical',
          bindingType: 'hardcover',
          rating: 4,
          status: 'read',
          dateRead: '2023-02-10',
          tags: ['sci-fi', 'favorites'],
          review: 'Amaze, amaze, amaze!',
        },
        dateAdded: '2023-01-02T00:00:00.000Z',
      },
    });
  });

  it('keeps several authors as written and drops an internal id for an ISBN', () => {
    expect(input(3)?.author).toBe('Neil Gaiman, Terry Pratchett');
    expect(input(3)?.isbn).toBeUndefined();
  });

  it.each([
    [3, 'owned'], // to-read, but owned
    [4, 'reading'], // currently-reading
    [5, 'owned'], // did-not-finish
    [6, 'reading'], // paused
    [7, 'wishlist'], // to-read, not owned
    [8, 'read'],
  ])('row %i is %s', (row, status) => {
    expect(input(row)?.status).toBe(status);
  });

  it('tags a book not finished, and reads formats', () => {
    expect(input(5)?.tags).toEqual(['classics', 'did-not-finish']);
    expect(input(4)?.format).toBe('audiobook');
    expect(input(6)?.format).toBe('digital');
    expect(input(3)?.bindingType).toBe('paperback');
  });

  it('takes the last of the dates read when Last Date Read is empty', () => {
    expect(input(8)).toMatchObject({ dateRead: '2022-03-09', rating: 5 });
  });
});
