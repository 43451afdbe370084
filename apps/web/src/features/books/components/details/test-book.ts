import type { Account, Book } from '@bookshelf/contract';
import { testAccount } from '../../../../test/fixtures';

/** A book as GET /api/books/{id} answers it, for the details and summary tests. */
export const testBook = (over: Partial<Book> = {}): Book => ({
  id: '0b9c5f8e-1c1a-4c53-9d1e-6a4f3e2b7c10',
  title: 'The Left Hand of Darkness',
  author: 'Ursula K. Le Guin',
  isbn: '9780441478125',
  coverUrl: null,
  format: 'physical',
  bindingType: 'paperback',
  genre: 'Science Fiction',
  publishedYear: 1969,
  originalPublishedYear: null,
  publisher: 'Ace Books',
  pages: 304,
  rating: 4,
  status: 'owned',
  dateAdded: '2025-03-01T10:00:00.000Z',
  dateRead: null,
  tags: ['classics', 'hainish'],
  notes: 'Lent by Sam.',
  review: null,
  purchaseInfo: {
    platform: 'Amazon.in',
    price: 499,
    currency: 'INR',
    sellerName: 'Book Nook',
    purchaseDate: '2024-12-24',
    condition: 'like-new',
    notes: null,
  },
  specialEdition: {
    type: 'other',
    customType: 'Folio Society',
    details: 'Illustrated by David Lupton',
    certificateOfAuthenticity: true,
    editionNumber: '1st/1st',
    limitedQuantity: 750,
  },
  currentValue: { amount: 650, currency: 'INR' },
  images: [],
  accountId: 'default-personal',
  priceHistory: [{ date: '2025-01-10', price: 550, currency: 'INR', platform: 'Flipkart' }],
  updatedAt: '2025-03-01T10:00:00.000Z',
  ...over,
});

export const testAccounts: Account[] = [testAccount({ bookCount: 1 })];
