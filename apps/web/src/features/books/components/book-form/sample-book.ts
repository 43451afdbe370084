import type { Book } from '@bookshelf/contract';
import { testBook } from '../../../../test/fixtures';

/** A book as the API answers with it, for the form's tests. */
export const sampleBook: Book = testBook({
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Dune',
  author: 'Frank Herbert',
  isbn: '9780441013593',
  bindingType: 'paperback',
  genre: 'Science Fiction',
  publishedYear: 1965,
  publisher: 'Ace',
  pages: 412,
  rating: 5,
  status: 'read',
  dateAdded: '2025-01-01T00:00:00.000Z',
  dateRead: '2025-02-01T00:00:00.000Z',
  tags: ['classic', 'space'],
  review: 'Great.',
  purchaseInfo: {
    platform: 'Corner Books',
    price: 12.5,
    currency: 'USD',
    sellerName: null,
    purchaseDate: '2024-12-24',
    condition: 'good',
    notes: null,
  },
  updatedAt: '2025-02-01T00:00:00.000Z',
});

export { testAccount } from '../../../../test/fixtures';
