import { BookLimits } from '@bookshelf/contract';
import { describe, expect, it } from 'vitest';
import {
  addedAt,
  authorFirstLast,
  bindingOf,
  cleanIsbn,
  finishRow,
  numberOf,
  pagesOf,
  parseDay,
  rating,
  reviewText,
  splitList,
} from './rows.js';

describe('cleanIsbn', () => {
  it('reads the formulas Goodreads writes', () => {
    expect(cleanIsbn('="0439023483"')).toBe('9780439023481');
    expect(cleanIsbn('="9780439023481"')).toBe('9780439023481');
    expect(cleanIsbn('=""')).toBeUndefined();
  });

  it("reads LibraryThing's brackets and lists, taking the first valid one", () => {
    expect(cleanIsbn('[0439023483]')).toBe('9780439023481');
    expect(cleanIsbn('0439023483, 9780439023481')).toBe('9780439023481');
    expect(cleanIsbn('1234567890, 0441172717')).toBe('9780441172719');
  });

  it('takes hyphens and spaces as printed', () => {
    expect(cleanIsbn('978-0-439-02348-1')).toBe('9780439023481');
    expect(cleanIsbn('978 0 439 02348 1')).toBe('9780439023481');
  });

  it('drops what is not a valid ISBN', () => {
    expect(cleanIsbn('1234567890')).toBeUndefined();
    expect(cleanIsbn('f2b1c9e0-3d4a-4b5c-9e8f-7a6b5c4d3e2f')).toBeUndefined();
    expect(cleanIsbn('')).toBeUndefined();
    expect(cleanIsbn(undefined)).toBeUndefined();
  });
});

describe('parseDay', () => {
  it.each([
    ['2019/05/03', '2019-05-03'],
    ['2019-05-03', '2019-05-03'],
    ['2019-5-3', '2019-05-03'],
    ['2019/05/03 10:00', '2019-05-03'],
    ['2019-05-03T10:00:00Z', '2019-05-03'],
    ['May 3, 2019', '2019-05-03'],
    ['Sept 30, 2019', '2019-09-30'],
    ['3 May 2019', '2019-05-03'],
    ['3rd May 2019', '2019-05-03'],
    ['  2020/02/29 ', '2020-02-29'],
  ])('reads %s', (raw, day) => {
    expect(parseDay(raw)).toBe(day);
  });

  it.each(['', '2019', '2019/02/31', '2019/13/01', '2021/02/29', '0999/01/01', '05/03/2019', 'Mayo 3, 2019', 'soon'])(
    'refuses %j',
    (raw) => {
      expect(parseDay(raw)).toBeUndefined();
    },
  );

  it('never throws', () => {
    expect(parseDay(undefined)).toBeUndefined();
    expect(parseDay('99999/99/99')).toBeUndefined();
  });
});

describe('addedAt', () => {
  it('takes a day as its midnight UTC and an instant as written', () => {
    expect(addedAt('2019/05/03')).toBe('2019-05-03T00:00:00.000Z');
    expect(addedAt('2024-05-01T10:00:00.000Z')).toBe('2024-05-01T10:00:00.000Z');
    expect(addedAt('2024-05-01T12:00:00+02:00')).toBe('2024-05-01T10:00:00.000Z');
    expect(addedAt('')).toBeUndefined();
    expect(addedAt('yesterday')).toBeUndefined();
  });
});

describe('authorFirstLast', () => {
  it('turns Last, First around', () => {
    expect(authorFirstLast('Collins, Suzanne')).toBe('Suzanne Collins');
    expect(authorFirstLast('Tolkien, J.R.R.')).toBe('J.R.R. Tolkien');
    expect(authorFirstLast('  Le Guin, Ursula K. ')).toBe('Ursula K. Le Guin');
  });

  it('leaves alone what cannot be turned around safely', () => {
    expect(authorFirstLast('King, Jr., Martin Luther')).toBe('King, Jr., Martin Luther');
    expect(authorFirstLast('Gaiman, Neil and Pratchett')).toBe('Gaiman, Neil and Pratchett');
    expect(authorFirstLast('Gaiman, Neil & Terry Pratchett')).toBe('Gaiman, Neil & Terry Pratchett');
    expect(authorFirstLast('Gaiman, Neil; Pratchett')).toBe('Gaiman, Neil; Pratchett');
    expect(authorFirstLast('Collins,')).toBe('Collins,');
    expect(authorFirstLast('Suzanne Collins')).toBe('Suzanne Collins');
  });
});

describe('rating', () => {
  it('takes 0 and blank as no rating', () => {
    expect(rating('0')).toBeUndefined();
    expect(rating('')).toBeUndefined();
    expect(rating(undefined)).toBeUndefined();
  });

  it('rounds to the nearest whole star', () => {
    expect(rating('4')).toBe(4);
    expect(rating('4.25')).toBe(4);
    expect(rating('4.5')).toBe(5);
    expect(rating('3,5')).toBe(4);
    expect(rating(2.75)).toBe(3);
    expect(rating('0.5')).toBe(1);
  });

  it('drops what is out of range or not a number', () => {
    expect(rating('6')).toBeUndefined();
    expect(rating('-1')).toBeUndefined();
    expect(rating('0.2')).toBeUndefined();
    expect(rating('great')).toBeUndefined();
  });
});

describe('reviewText', () => {
  it('turns line breaks into newlines and decodes entities', () => {
    expect(reviewText('One<br/>two<br>three<BR />four')).toBe('One\ntwo\nthree\nfour');
    expect(reviewText('Tom &amp; Jerry &lt;3 &gt; &quot;quoted&quot; it&#39;s')).toBe(
      'Tom & Jerry <3 > "quoted" it\'s',
    );
  });

  it('strips other tags but keeps text that only looks a little like them', () => {
    expect(reviewText('<b>Bold</b> and <i class="x">italic</i>')).toBe('Bold and italic');
    expect(reviewText('a < b and c > d')).toBe('a < b and c > d');
  });

  it('decodes once, not twice', () => {
    expect(reviewText('&amp;lt;')).toBe('&lt;');
  });

  it('trims and leaves blank as none', () => {
    expect(reviewText('  <br/> Hi <br/>  ')).toBe('Hi');
    expect(reviewText('<br/>')).toBeUndefined();
    expect(reviewText('')).toBeUndefined();
  });
});

describe('bindingOf', () => {
  it.each([
    ['Hardcover', { format: 'physical', bindingType: 'hardcover' }],
    ['Hardback', { format: 'physical', bindingType: 'hardcover' }],
    ['Paperback', { format: 'physical', bindingType: 'paperback' }],
    ['Trade Paperback', { format: 'physical', bindingType: 'paperback' }],
    ['Mass Market Paperback', { format: 'physical', bindingType: 'mass-market' }],
    ['Spiral-bound', { format: 'physical', bindingType: 'spiral' }],
    ['Leather Bound', { format: 'physical', bindingType: 'leather-bound' }],
    ['Board book', { format: 'physical', bindingType: 'board-book' }],
    ['cloth', { format: 'physical', bindingType: 'cloth' }],
    ['Kindle Edition', { format: 'digital' }],
    ['ebook', { format: 'digital' }],
    ['Nook', { format: 'digital' }],
    ['Digital', { format: 'digital' }],
    ['epub', { format: 'digital' }],
    ['Audiobook', { format: 'audiobook' }],
    ['Audio CD', { format: 'audiobook' }],
    ['Audible Audio', { format: 'audiobook' }],
    ['MP3 CD', { format: 'audiobook' }],
    ['audio', { format: 'audiobook' }],
    ['Library Binding', { format: 'physical' }],
    ['Paper Book', { format: 'physical' }],
    ['', { format: 'physical' }],
  ])('%s', (raw, binding) => {
    expect(bindingOf(raw)).toEqual(binding);
  });
});

describe('small cell helpers', () => {
  it('splits lists', () => {
    expect(splitList(' a, b ,, c ')).toEqual(['a', 'b', 'c']);
    expect(splitList('a; b, c', /[,;]/)).toEqual(['a', 'b', 'c']);
  });

  it('reads numbers, leaving the judging to the schema', () => {
    expect(numberOf('')).toBeUndefined();
    expect(numberOf(' 374 ')).toBe(374);
    expect(numberOf('-800')).toBe(-800);
    expect(numberOf('lots')).toBeNaN();
    expect(pagesOf('0')).toBeUndefined();
  });
});

describe('finishRow', () => {
  it('gives the validated book, trimmed, with its date added', () => {
    expect(finishRow(3, { title: ' Dune ', author: 'Frank Herbert' }, '2020-01-15T00:00:00.000Z')).toEqual({
      row: 3,
      book: { input: { title: 'Dune', author: 'Frank Herbert' }, dateAdded: '2020-01-15T00:00:00.000Z' },
    });
  });

  it("names the fields that fail, in the schema's words", () => {
    expect(finishRow(1, { title: '', author: 'A' })).toEqual({ row: 1, error: 'Title is required.' });
    expect(finishRow(2, { title: 'T', author: 'A', pages: 200_000 }).error).toBe(
      'Pages must be a whole number from 1 to 100000.',
    );
    expect(finishRow(3, { title: ' ', author: '', pages: Number.NaN }).error).toBe(
      'Title is required. Author is required. Pages must be a whole number from 1 to 100000.',
    );
  });

  it('gives zod\'s bare "Invalid input" a field name', () => {
    expect(finishRow(1, { title: 'T', author: 'A', format: 'scroll' }).error).toBe(
      'Format must be one of physical, digital, audiobook.',
    );
    expect(finishRow(1, { title: 'T', author: 'A', tags: ['ok', 5] }).error).toBe('Tags is not valid.');
    expect(
      finishRow(1, { title: 'T', author: 'A', purchaseInfo: { platform: 'Foyles', price: 5, currency: 'XYZ' } }).error,
    ).toBe('Currency must be one of INR, USD, EUR, GBP, CAD, AUD, JPY.');
  });

  it('shortens long text rather than failing the row', () => {
    const result = finishRow(1, {
      title: 'T'.repeat(600),
      author: 'A'.repeat(400),
      publisher: 'P'.repeat(300),
      genre: 'G'.repeat(150),
      notes: 'N'.repeat(12_000),
      review: 'R'.repeat(25_000),
    });
    const input = result.book?.input;
    expect(input?.title).toHaveLength(BookLimits.titleMax);
    expect(input?.title.endsWith('…')).toBe(true);
    expect(input?.author).toHaveLength(BookLimits.authorMax);
    expect(input?.publisher).toHaveLength(BookLimits.textMax);
    expect(input?.genre).toHaveLength(100);
    expect(input?.notes).toHaveLength(BookLimits.notesMax);
    expect(input?.review).toHaveLength(BookLimits.reviewMax);
  });

  it('does not cut a character in half', () => {
    const title = `${'a'.repeat(BookLimits.titleMax - 2)}📚📚`;
    const result = finishRow(1, { title, author: 'A' });
    expect(result.error).toBeUndefined();
    expect(result.book?.input.title).toBe(`${'a'.repeat(BookLimits.titleMax - 2)}…`);
  });

  it('keeps at most the allowed number of tags, each shortened', () => {
    const tags = Array.from({ length: 80 }, (_, i) => `tag ${i} ${'x'.repeat(60)}`);
    const input = finishRow(1, { title: 'T', author: 'A', tags }).book?.input;
    expect(input?.tags).toHaveLength(BookLimits.tagsMax);
    expect(input?.tags?.every((tag) => tag.length <= BookLimits.tagMax)).toBe(true);
  });

  it('drops tags that shortening made the same', () => {
    const long = 'x'.repeat(70);
    expect(finishRow(1, { title: 'T', author: 'A', tags: [`${long}1`, `${long}2`] }).book?.input.tags).toHaveLength(1);
  });

  it('drops a date read on a book that is not read, and a binding on one that is not physical', () => {
    const input = finishRow(1, {
      title: 'T',
      author: 'A',
      status: 'reading',
      dateRead: '2020-01-01',
      format: 'digital',
      bindingType: 'hardcover',
    }).book?.input;
    expect(input).toEqual({ title: 'T', author: 'A', status: 'reading', format: 'digital' });
    expect(finishRow(1, { title: 'T', author: 'A', dateRead: '2020-01-01' }).book?.input.dateRead).toBeUndefined();
    expect(finishRow(1, { title: 'T', author: 'A', status: 'read', dateRead: '2020-01-01' }).book?.input.dateRead).toBe(
      '2020-01-01',
    );
  });
});
