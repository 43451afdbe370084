import type { Book } from '@bookshelf/contract';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
// The round trip is the contract between export and import: this test is where the two meet.
import { parseImportFile } from './import/parse/parse-import.js';
import { booksToCsv, booksToJson } from './export-format.js';

const blank: Book = {
  id: '00000000-0000-4000-8000-000000000000',
  title: '',
  author: '',
  isbn: null,
  coverUrl: null,
  format: 'physical',
  bindingType: null,
  genre: null,
  publishedYear: null,
  originalPublishedYear: null,
  publisher: null,
  pages: null,
  rating: null,
  status: 'owned',
  dateAdded: '2024-01-02T03:04:05.678Z',
  dateRead: null,
  tags: [],
  notes: null,
  review: null,
  purchaseInfo: null,
  specialEdition: null,
  currentValue: null,
  images: [],
  accountId: 'default-personal',
  priceHistory: [],
  updatedAt: '2024-01-03T00:00:00.000Z',
};

const books: Book[] = [
  {
    ...blank,
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Cien años de soledad',
    author: 'Gabriel García Márquez',
    isbn: '9780060883287',
    coverUrl: 'https://covers.example.org/cien.jpg',
    bindingType: 'hardcover',
    genre: 'Realismo mágico',
    // A 2006 printing of a 1967 novel: Goodreads' Year Published and Original Publication Year.
    publishedYear: 2006,
    originalPublishedYear: 1967,
    publisher: 'Harper Perennial, Modern Classics',
    pages: 417,
    rating: 5,
    status: 'read',
    dateRead: '2023-07-14T18:30:00.000Z',
    tags: ['favorites', 'magical realism', 'ñandú'],
    notes: 'Gift from abuela; read twice',
    review: 'Magic, "realism" — and memory.\n\nSecond paragraph, with a comma.\nLast line <br> & more.',
    purchaseInfo: {
      platform: 'Amazon.com',
      price: 12.99,
      currency: 'USD',
      sellerName: 'Books, "Inc."',
      purchaseDate: '2023-06-01',
      condition: 'like-new',
      notes: 'Arrived fast',
    },
    currentValue: { amount: 15, currency: 'USD' },
    images: ['https://covers.example.org/cien-back.jpg'],
    priceHistory: [{ date: '2023-06-01', price: 12.99, currency: 'USD', platform: 'Amazon.com' }],
  },
  {
    ...blank,
    id: '22222222-2222-4222-8222-222222222222',
    title: 'Der Zauberberg',
    author: 'Thomas Mann',
    isbn: '9780375701719',
    bindingType: 'paperback',
    status: 'lent',
    tags: ['german, classics', '[brackets]'],
    specialEdition: {
      type: 'signed',
      customType: null,
      details: 'Signed on the title page',
      certificateOfAuthenticity: true,
      editionNumber: '1st/1st',
      limitedQuantity: 500,
    },
    purchaseInfo: {
      platform: 'Antiquariat Müller',
      price: 40,
      currency: 'EUR',
      sellerName: null,
      purchaseDate: null,
      condition: null,
      notes: null,
    },
  },
  {
    ...blank,
    id: '33333333-3333-4333-8333-333333333333',
    title: '海辺のカフカ, "Kafka"',
    author: '村上 春樹',
    isbn: '9791032705216',
    format: 'digital',
    status: 'wishlist',
    dateAdded: '2023-12-31T23:59:59.999Z',
  },
  {
    ...blank,
    id: '44444444-4444-4444-8444-444444444444',
    title: 'The Odyssey',
    author: 'Homer',
    format: 'audiobook',
    publishedYear: -700,
    status: 'reading',
    rating: 3,
    notes: 'Line one\r\nline two',
    specialEdition: {
      type: 'other',
      customType: 'Book club edition',
      details: null,
      certificateOfAuthenticity: false,
      editionNumber: null,
      limitedQuantity: null,
    },
  },
  {
    ...blank,
    id: '55555555-5555-4555-8555-555555555555',
    title: 'Dune',
    author: 'Frank Herbert',
    isbn: '9780441172719',
    bindingType: 'mass-market',
    pages: 896,
  },
];

/** The CSV as rows of cells keyed by column, read back with papaparse itself. */
function csvRecords(csv: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true }).data;
}

describe('booksToCsv', () => {
  const csv = booksToCsv(books);
  const records = csvRecords(csv);

  it('starts with a byte order mark and ends lines with CRLF', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFBook Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,/);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it("writes Goodreads' columns in Goodreads' order, then ours", () => {
    expect(Object.keys(records[0] ?? {})).toEqual([
      'Book Id',
      'Title',
      'Author',
      'Author l-f',
      'Additional Authors',
      'ISBN',
      'ISBN13',
      'My Rating',
      'Average Rating',
      'Publisher',
      'Binding',
      'Number of Pages',
      'Year Published',
      'Original Publication Year',
      'Date Read',
      'Date Added',
      'Bookshelves',
      'Bookshelves with positions',
      'Exclusive Shelf',
      'My Review',
      'Spoiler',
      'Private Notes',
      'Read Count',
      'Owned Copies',
      'Bookshelf Status',
      'Format',
      'Genre',
      'Tags',
      'Notes',
      'Purchase',
      'Special Edition',
      'Current Value',
    ]);
  });

  it('writes ISBNs as formulas, the way Goodreads does', () => {
    expect(csv).toContain('"=""0060883286""","=""9780060883287"""');
    expect(records[0]).toMatchObject({ ISBN: '="0060883286"', ISBN13: '="9780060883287"' });
    // A 979 ISBN has no ISBN-10; a book without an ISBN has neither.
    expect(records[2]).toMatchObject({ ISBN: '=""', ISBN13: '="9791032705216"' });
    expect(records[3]).toMatchObject({ ISBN: '=""', ISBN13: '=""' });
  });

  it('puts each status on its shelf, with the copies owned', () => {
    expect(records.map((r) => [r['Exclusive Shelf'], r['Owned Copies'], r['Bookshelf Status']])).toEqual([
      ['read', '1', 'read'],
      ['to-read', '1', 'lent'],
      ['to-read', '0', 'wishlist'],
      ['currently-reading', '1', 'reading'],
      ['to-read', '1', 'owned'],
    ]);
    // Only Goodreads' three exclusive shelves (issue 27); ours goes with the tags in Bookshelves.
    expect(new Set(records.map((r) => r['Exclusive Shelf']))).toEqual(
      new Set(['to-read', 'currently-reading', 'read']),
    );
    expect(records[1]?.Bookshelves).toBe('german, classics, [brackets], lent, to-read');
    expect(records[4]?.Bookshelves).toBe('owned, to-read');
  });

  it('writes dates as YYYY/MM/DD, no rating as 0, and tags with the shelf as bookshelves', () => {
    expect(records[0]).toMatchObject({
      'Date Read': '2023/07/14',
      'Date Added': '2024/01/02',
      'My Rating': '5',
      Bookshelves: 'favorites, magical realism, ñandú, read',
      'Author l-f': 'Márquez, Gabriel García',
      Binding: 'Hardcover',
      'Read Count': '1',
    });
    expect(records[1]?.['My Rating']).toBe('0');
    expect(records[2]).toMatchObject({ 'Date Added': '2023/12/31', 'Date Read': '', Binding: 'ebook' });
    expect(records[3]?.Binding).toBe('Audiobook');
    expect(records[4]?.Binding).toBe('Mass Market Paperback');
  });

  it('writes tags holding commas as JSON so they come back whole', () => {
    expect(records[0]?.Tags).toBe('favorites, magical realism, ñandú');
    expect(records[1]?.Tags).toBe('["german, classics","[brackets]"]');
  });

  it('writes a header alone for no books', () => {
    expect(csvRecords(booksToCsv([]))).toEqual([]);
  });
});

describe('booksToJson', () => {
  it('wraps the books in our envelope, pretty-printed', () => {
    const json = booksToJson(books, new Date('2024-06-01T12:00:00Z'));
    expect(json).toContain('\n  "format": "bookshelf",');
    expect(JSON.parse(json)).toEqual({
      format: 'bookshelf',
      version: 1,
      exportedAt: '2024-06-01T12:00:00.000Z',
      books,
    });
  });
});

const day = (iso: string | null) => iso?.slice(0, 10) ?? null;

describe('a round trip through our import', () => {
  it('brings back every field of the JSON export, except the account', () => {
    const { format, rows } = parseImportFile(booksToJson(books, new Date()), 'bookshelf.json');
    expect(format).toBe('bookshelf-json');
    expect(rows).toHaveLength(books.length);
    rows.forEach((row, i) => {
      const book = books[i] as Book;
      expect(row.error).toBeUndefined();
      const input = row.book?.input;
      expect(row.book?.dateAdded).toBe(book.dateAdded);
      expect(input).toEqual({
        title: book.title,
        author: book.author,
        isbn: book.isbn,
        coverUrl: book.coverUrl,
        format: book.format,
        bindingType: book.bindingType,
        genre: book.genre,
        publishedYear: book.publishedYear,
        originalPublishedYear: book.originalPublishedYear,
        publisher: book.publisher,
        pages: book.pages,
        rating: book.rating,
        status: book.status,
        ...(book.dateRead ? { dateRead: book.dateRead } : { dateRead: null }),
        tags: book.tags,
        notes: book.notes,
        review: book.review,
        purchaseInfo: book.purchaseInfo,
        specialEdition: book.specialEdition,
        currentValue: book.currentValue,
        images: book.images,
        priceHistory: book.priceHistory,
      });
    });
  });

  it('brings back the fields the CSV export carries', () => {
    const { format, rows } = parseImportFile(booksToCsv(books), 'bookshelf.csv');
    expect(format).toBe('bookshelf-csv');
    expect(rows).toHaveLength(books.length);
    rows.forEach((row, i) => {
      const book = books[i] as Book;
      expect(row.error).toBeUndefined();
      const input = row.book?.input;
      expect(day(row.book?.dateAdded ?? null)).toBe(day(book.dateAdded));
      expect({
        title: input?.title,
        author: input?.author,
        isbn: input?.isbn ?? null,
        format: input?.format,
        bindingType: input?.bindingType ?? null,
        genre: input?.genre ?? null,
        publishedYear: input?.publishedYear ?? null,
        originalPublishedYear: input?.originalPublishedYear ?? null,
        publisher: input?.publisher ?? null,
        pages: input?.pages ?? null,
        rating: input?.rating ?? null,
        status: input?.status,
        dateRead: input?.dateRead ?? null,
        tags: input?.tags,
        notes: input?.notes ?? null,
        review: input?.review ?? null,
        purchaseInfo: input?.purchaseInfo ?? null,
        specialEdition: input?.specialEdition ?? null,
        currentValue: input?.currentValue ?? null,
      }).toEqual({
        title: book.title,
        author: book.author,
        isbn: book.isbn,
        format: book.format,
        bindingType: book.bindingType,
        genre: book.genre,
        publishedYear: book.publishedYear,
        originalPublishedYear: book.originalPublishedYear,
        publisher: book.publisher,
        pages: book.pages,
        rating: book.rating,
        status: book.status,
        dateRead: day(book.dateRead),
        tags: book.tags,
        notes: book.notes,
        review: book.review,
        purchaseInfo: book.purchaseInfo,
        specialEdition: book.specialEdition,
        currentValue: book.currentValue,
      });
    });
  });

  it('reads our CSV as a Goodreads file when the extra columns are cut off', () => {
    const csv = booksToCsv(books);
    const goodreadsOnly = Papa.unparse(
      csvRecords(csv).map((record) => Object.fromEntries(Object.entries(record).slice(0, 24))),
    );
    const { format, rows } = parseImportFile(goodreadsOnly);
    expect(format).toBe('goodreads');
    // Every status comes back, lent and owned from the shelf of ours beside to-read (issue 27).
    expect(rows.map((r) => r.book?.input.status)).toEqual(['read', 'lent', 'wishlist', 'reading', 'owned']);
    expect(rows[0]?.book?.input).toMatchObject({
      title: 'Cien años de soledad',
      isbn: '9780060883287',
      tags: ['favorites', 'magical realism', 'ñandú'],
      dateRead: '2023-07-14',
      publishedYear: 2006,
      originalPublishedYear: 1967,
    });
    expect(rows[1]?.book?.input.tags).toEqual(['german', 'classics', '[brackets]']);
    expect(rows[4]?.book?.input.tags).toEqual([]);
  });
});

describe('formulas in text cells (SECURITY.md "CSV export formula injection")', () => {
  const risky: Book[] = [
    {
      ...blank,
      id: '66666666-6666-4666-8666-666666666666',
      title: '=HYPERLINK("http://x")',
      // Turned around for "Author l-f", the name starts with "-": each cell is judged as written.
      author: 'Jo -Smith',
      isbn: '9780439023481',
      publishedYear: -5,
      pages: 12,
      rating: 4,
      status: 'read',
      tags: ['-dash', '=eq'],
      review: '=1+1\nand a second line',
      genre: '@genre',
    },
    { ...blank, id: '77777777-7777-4777-8777-777777777777', title: '+1 idea', author: '@home', notes: '\tIndented' },
    { ...blank, id: '88888888-8888-4888-8888-888888888888', title: '-minus', author: 'Ann', publisher: '+Press' },
    { ...blank, id: '99999999-9999-4999-8999-999999999999', title: '@home', author: 'Ann', notes: "'=quoted" },
    { ...blank, id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', title: "'Tis the season", author: "O'Brien" },
  ];
  const csv = booksToCsv(risky);
  const records = csvRecords(csv);

  it('puts an apostrophe before every text cell a spreadsheet would run', () => {
    expect(records.map((r) => r.Title)).toEqual([
      `'=HYPERLINK("http://x")`,
      "'+1 idea",
      "'-minus",
      "'@home",
      "'Tis the season",
    ]);
    expect(records[0]).toMatchObject({
      Author: 'Jo -Smith',
      'Author l-f': "'-Smith, Jo",
      Tags: "'-dash, =eq",
      Bookshelves: "'-dash, =eq, read",
      'My Review': "'=1+1\nand a second line",
      Genre: "'@genre",
    });
    expect(records[1]).toMatchObject({ Author: "'@home", 'Private Notes': "'\tIndented", Notes: "'\tIndented" });
    expect(records[2]?.Publisher).toBe("'+Press");
    // Already starting with an apostrophe before "=": one more, so that reading back gives the text as it was.
    expect(records[3]?.Notes).toBe("''=quoted");
    expect(records[4]).toMatchObject({ Title: "'Tis the season", Author: "O'Brien" });
    expect(csv).toContain(
      `\r\n66666666-6666-4666-8666-666666666666,"'=HYPERLINK(""http://x"")",Jo -Smith,"'-Smith, Jo",,`,
    );
  });

  it('leaves the ISBN formulas and the numbers as they are', () => {
    expect(records[0]).toMatchObject({
      ISBN: '="0439023483"',
      ISBN13: '="9780439023481"',
      'Year Published': '-5',
      'Number of Pages': '12',
      'My Rating': '4',
      'Read Count': '1',
    });
    expect(records[1]).toMatchObject({ ISBN: '=""', ISBN13: '=""' });
    expect(csv).toContain(',"=""0439023483""","=""9780439023481""",4,,,,12,-5,,');
  });

  it('reads every text back without the apostrophe', () => {
    const { format, rows } = parseImportFile(csv, 'bookshelf.csv');
    expect(format).toBe('bookshelf-csv');
    expect(rows.map((r) => r.error)).toEqual(risky.map(() => undefined));
    expect(rows.map((r) => [r.book?.input.title, r.book?.input.author])).toEqual(risky.map((b) => [b.title, b.author]));
    expect(rows[0]?.book?.input).toMatchObject({
      isbn: '9780439023481',
      publishedYear: -5,
      tags: ['-dash', '=eq'],
      review: '=1+1\nand a second line',
      genre: '@genre',
    });
    // Every imported cell is trimmed, as the book schema trims notes: the tab goes, the apostrophe must not stay.
    expect(rows[1]?.book?.input.notes).toBe('Indented');
    expect(rows[2]?.book?.input.publisher).toBe('+Press');
    expect(rows[3]?.book?.input.notes).toBe("'=quoted");
  });

  it('reads the Goodreads columns back without the apostrophe too', () => {
    const goodreadsOnly = Papa.unparse(
      records.map((record) => Object.fromEntries(Object.entries(record).slice(0, 24))),
    );
    const { format, rows } = parseImportFile(goodreadsOnly);
    expect(format).toBe('goodreads');
    expect(rows.map((r) => r.book?.input.title)).toEqual(risky.map((b) => b.title));
    expect(rows[0]?.book?.input).toMatchObject({ tags: ['-dash', '=eq'], review: '=1+1\nand a second line' });
  });
});
