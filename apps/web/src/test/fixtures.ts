import type { Account, Book, Job, Me } from '@bookshelf/contract';

/** A signed-in password user, as GET /api/me answers for them. Spread it to vary a field: `{ ...testMe, avatar }`. */
export const testMe: Me = {
  id: 'u1',
  name: 'Ada Reader',
  email: 'ada@example.org',
  avatar: null,
  provider: 'password',
  readingGoal: 50,
  joinedDate: '2025-01-01T00:00:00.000Z',
  hasPassword: true,
  isAdmin: false,
};

/** A book as the API answers with it, every optional field empty; pass what a test needs. */
export const testBook = (over: Partial<Book> = {}): Book => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Dune',
  author: 'Frank Herbert',
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
  dateAdded: '2025-01-01T00:00:00.000Z',
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
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

/** An account as GET /api/accounts answers with it: the Personal Collection unless overridden. */
export const testAccount = (over: Partial<Account> = {}): Account => ({
  id: 'default-personal',
  name: 'Personal Collection',
  type: 'other',
  customType: null,
  email: null,
  description: null,
  isActive: true,
  dateAdded: '2025-01-01T00:00:00.000Z',
  lastUsed: null,
  settings: { defaultCurrency: 'USD', autoSync: false, notifications: true },
  isDefault: true,
  bookCount: 0,
  ...over,
});

/** A job as GET /api/jobs/{id} answers it. */
export const testJob = (over: Partial<Job> = {}): Job => ({
  id: 'job-1',
  kind: 'books.load-sample',
  state: 'queued',
  progress: { current: 0, total: null, phase: null },
  result: null,
  error: null,
  attempts: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});
