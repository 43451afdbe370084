import { describe, expect, it } from 'vitest';
import { bookshelfCsvRows, bookshelfJsonRows } from './bookshelf.js';

const stored = {
  id: '0b7c3c1e-8f5e-4f2a-9a43-1d2c3b4a5f60',
  title: 'Der Zauberberg',
  author: 'Thomas Mann',
  isbn: null,
  coverUrl: null,
  format: 'physical',
  bindingType: 'paperback',
  genre: null,
  publishedYear: 1924,
  publisher: null,
  pages: null,
  rating: null,
  status: 'lent',
  dateAdded: '2024-01-02T03:04:05.678Z',
  dateRead: null,
  tags: [],
  notes: null,
  review: null,
  purchaseInfo: {
    platform: 'Local shop',
    price: 4.5,
    currency: 'EUR',
    sellerName: null,
    purchaseDate: '2020-02-02',
    condition: 'good',
    notes: null,
  },
  specialEdition: null,
  currentValue: null,
  images: [],
  accountId: 'acc-of-another-user',
  priceHistory: [],
  updatedAt: '2024-01-03T00:00:00.000Z',
};

describe('bookshelfJsonRows', () => {
  it('takes every field a create request takes, but not the account, which belongs to the exporting user', () => {
    const [row] = bookshelfJsonRows([stored]);
    expect(row?.book?.dateAdded).toBe('2024-01-02T03:04:05.678Z');
    expect(row?.book?.input).not.toHaveProperty('accountId');
    expect(row?.book?.input).not.toHaveProperty('id');
    expect(row?.book?.input).toMatchObject({
      title: 'Der Zauberberg',
      status: 'lent',
      bindingType: 'paperback',
      purchaseInfo: stored.purchaseInfo,
    });
  });

  it('refuses entries that are not books, or books the schema refuses', () => {
    expect(bookshelfJsonRows(['a book', { ...stored, title: undefined }, { ...stored, rating: 9 }])).toEqual([
      { row: 1, error: 'This entry is not a book.' },
      { row: 2, error: 'Title is required.' },
      { row: 3, error: 'Rating must be a whole number from 0 to 5.' },
    ]);
  });

  it('keeps photos on the web and leaves out photos uploaded to the exporting server', () => {
    const uploaded = `/api/books/${'1'.repeat(8)}-1111-4111-8111-${'1'.repeat(12)}/images/x/${'a'.repeat(64)}`;
    const [row] = bookshelfJsonRows([{ ...stored, images: ['https://example.org/spine.jpg', uploaded] }]);
    expect(row?.error).toBeUndefined();
    expect(row?.book?.input.images).toEqual(['https://example.org/spine.jpg']);
  });

  it('leaves out a date added that is not a date', () => {
    expect(bookshelfJsonRows([{ ...stored, dateAdded: 'long ago' }])[0]?.book?.dateAdded).toBeUndefined();
  });
});

describe('bookshelfCsvRows', () => {
  const header = [
    'Book Id',
    'Title',
    'Author',
    'Exclusive Shelf',
    'Owned Copies',
    'Binding',
    'Bookshelf Status',
    'Format',
    'Tags',
    'Purchase',
    'Special Edition',
    'Current Value',
  ];
  const record = (over: Partial<Record<string, string>> = {}) =>
    header.map((column) => over[column] ?? (column === 'Title' ? 'T' : column === 'Author' ? 'A' : ''));

  it('names each of our JSON columns that does not parse', () => {
    const rows = bookshelfCsvRows({
      header,
      records: [record({ Purchase: '{"platform":', 'Current Value': 'about 5 dollars' })],
    });
    expect(rows).toEqual([{ row: 2, error: 'Purchase is not valid JSON. Current value is not valid JSON.' }]);
  });

  it('reads tags as a plain list or, when they hold commas, as JSON', () => {
    const rows = bookshelfCsvRows({
      header,
      records: [record({ Tags: 'a, b' }), record({ Tags: '["a, b","[c]"]' }), record({ Tags: '[oops' })],
    });
    expect(rows[0]?.book?.input.tags).toEqual(['a', 'b']);
    expect(rows[1]?.book?.input.tags).toEqual(['a, b', '[c]']);
    expect(rows[2]).toEqual({ row: 4, error: 'Tags is not valid JSON.' });
  });

  it('refuses JSON of the wrong shape in the words of the schema', () => {
    const rows = bookshelfCsvRows({ header, records: [record({ 'Current Value': '{"amount":-1,"currency":"USD"}' })] });
    expect(rows[0]?.error).toBe('Price must be a number of at least 0 with at most 2 decimals.');
  });

  it('falls back on the shelf when the status is not one of ours', () => {
    const rows = bookshelfCsvRows({
      header,
      records: [
        record({ 'Bookshelf Status': 'lent' }),
        record({ 'Bookshelf Status': 'borrowed', 'Exclusive Shelf': 'to-read', 'Owned Copies': '0' }),
      ],
    });
    expect(rows.map((r) => r.book?.input.status)).toEqual(['lent', 'wishlist']);
  });

  it('takes the format from its own column and the binding from Binding only for physical books', () => {
    const rows = bookshelfCsvRows({
      header,
      records: [record({ Format: 'physical', Binding: 'Cloth' }), record({ Format: 'digital', Binding: 'Cloth' })],
    });
    expect(rows[0]?.book?.input).toMatchObject({ format: 'physical', bindingType: 'cloth' });
    expect(rows[1]?.book?.input.format).toBe('digital');
    expect(rows[1]?.book?.input.bindingType).toBeUndefined();
  });
});
