/**
 * The library's domain rules (spec core.md §3–5, §9) as plain data and pure functions, with no zod,
 * so screens use them without loading the schema library and the server applies the very same rules.
 */

import { ISBN_MESSAGE } from './isbn.js';

export const BOOK_STATUSES = ['owned', 'wishlist', 'reading', 'read', 'lent'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];
/** The spec stores reading under two names; `currently_reading` is accepted on input and stored as reading. */
export const BOOK_STATUS_ALIASES = { currently_reading: 'reading' } as const;
export type BookStatusInput = BookStatus | keyof typeof BOOK_STATUS_ALIASES;
export const DEFAULT_BOOK_STATUS: BookStatus = 'owned';

/** Labels everywhere but the form (core.md §4). */
export const BOOK_STATUS_LABELS: Record<BookStatus, string> = {
  owned: 'Owned',
  wishlist: 'Wishlist',
  reading: 'Reading',
  read: 'Read',
  lent: 'Lent',
};
/** The add and edit form's labels (core.md §4). */
export const BOOK_STATUS_FORM_LABELS: Record<BookStatus, string> = {
  owned: 'Owned',
  wishlist: 'Wishlist',
  reading: 'Currently Reading',
  read: 'Read',
  lent: 'Lent Out',
};

const isAlias = (value: string): value is keyof typeof BOOK_STATUS_ALIASES => Object.hasOwn(BOOK_STATUS_ALIASES, value);

export function normalizeStatus(status: BookStatusInput): BookStatus {
  return isAlias(status) ? BOOK_STATUS_ALIASES[status] : status;
}

/** A status from text (an address, a file), its alias taken as what it stands for; null when it is none. */
export function parseBookStatus(value: string | null | undefined): BookStatus | null {
  if (value === null || value === undefined) return null;
  if (isAlias(value)) return BOOK_STATUS_ALIASES[value];
  return (BOOK_STATUSES as readonly string[]).includes(value) ? (value as BookStatus) : null;
}

export const BOOK_FORMATS = ['physical', 'digital', 'audiobook'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];
export const BOOK_FORMAT_LABELS: Record<BookFormat, string> = {
  physical: 'Physical',
  digital: 'Digital',
  audiobook: 'Audiobook',
};

export const BINDING_TYPES = [
  'hardcover',
  'paperback',
  'mass-market',
  'spiral',
  'leather-bound',
  'cloth',
  'board-book',
] as const;
export type BindingType = (typeof BINDING_TYPES)[number];
export const BINDING_TYPE_LABELS: Record<BindingType, string> = {
  hardcover: 'Hardcover',
  paperback: 'Paperback',
  'mass-market': 'Mass Market Paperback',
  spiral: 'Spiral-bound',
  'leather-bound': 'Leather-bound',
  cloth: 'Cloth',
  'board-book': 'Board Book',
};

export const SPECIAL_EDITION_TYPES = [
  'signed',
  'first-edition',
  'limited-edition',
  'collectors-edition',
  'annotated',
  'illustrated',
  'hardcover-first',
  'arc',
  'other',
] as const;
export type SpecialEditionType = (typeof SPECIAL_EDITION_TYPES)[number];
export const SPECIAL_EDITION_TYPE_LABELS: Record<SpecialEditionType, string> = {
  signed: 'Signed',
  'first-edition': 'First Edition',
  'limited-edition': 'Limited Edition',
  'collectors-edition': "Collector's Edition",
  annotated: 'Annotated',
  illustrated: 'Illustrated',
  'hardcover-first': 'Hardcover First',
  arc: 'Advanced Reader Copy',
  other: 'Other',
};

export const BOOK_CONDITIONS = ['new', 'like-new', 'very-good', 'good', 'acceptable'] as const;
export type BookCondition = (typeof BOOK_CONDITIONS)[number];
export const BOOK_CONDITION_LABELS: Record<BookCondition, string> = {
  new: 'New',
  'like-new': 'Like New',
  'very-good': 'Very Good',
  good: 'Good',
  acceptable: 'Acceptable',
};

export const BOOK_SORTS = [
  'dateAdded',
  'title',
  'author',
  'rating',
  'dateRead',
  'price',
  'value',
  'relevance',
] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
export const BOOK_SORT_LABELS: Record<BookSort, string> = {
  dateAdded: 'Date added',
  title: 'Title',
  author: 'Author',
  rating: 'Rating',
  dateRead: 'Date read',
  price: 'Price',
  value: 'Value',
  relevance: 'Best match',
};
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The library's sort when a list names none, or names relevance without a search: best match while searching, else newest first. */
export function effectiveBookSort(q: string | null | undefined, sort: BookSort | null | undefined): BookSort {
  if (sort && (sort !== 'relevance' || q)) return sort;
  return q ? 'relevance' : 'dateAdded';
}

/** A sort's default direction: A→Z for title and author, newest / highest first otherwise. */
export const defaultBookOrder = (sort: BookSort): SortOrder => (sort === 'title' || sort === 'author' ? 'asc' : 'desc');

export const BookLimits = {
  titleMax: 500,
  authorMax: 300,
  textMax: 200,
  notesMax: 10_000,
  reviewMax: 20_000,
  tagsMax: 50,
  tagMax: 50,
  imagesMax: 5,
  urlMax: 2048,
  ratingMax: 5,
  pagesMax: 100_000,
  yearMin: -3000,
  yearMax: 2100,
  priceMax: 10_000_000,
  limitedQuantityMax: 1_000_000,
  pageSizeDefault: 50,
  pageSizeMax: 200,
  bulkMax: 1000,
  searchMax: 200,
  /** The library search box waits for this many characters: one letter matches most of a library. */
  searchMinTyped: 2,
  /**
   * A search counts its matches up to this many: beyond it the answer says `totalCapped`, and relevance,
   * which would have to score every match, gives way to newest first (decision 029).
   */
  searchCountMax: 1000,
  priceHistoryMax: 100,
} as const;

/** The built-in account every user has (core.md §3). */
export const DEFAULT_ACCOUNT_ID = 'default-personal';

/** Messages the server and the form share; each names its field (core.md §5). */
export const BookMessages = {
  titleRequired: 'Title is required.',
  authorRequired: 'Author is required.',
  customPlatformRequired: 'Custom platform name is required when Other (Specify) is chosen.',
  customEditionTypeRequired: 'Custom edition type is required when edition type is Other.',
  price: 'Price must be a number of at least 0 with at most 2 decimals.',
  limitedQuantity: 'Limited quantity must be a whole number of at least 1.',
  bindingOnlyPhysical: 'Binding type can only be set for physical books.',
  rating: `Rating must be a whole number from 0 to ${BookLimits.ratingMax}.`,
  pages: `Pages must be a whole number from 1 to ${BookLimits.pagesMax}.`,
  publishedYear: `Published year must be a whole year from ${BookLimits.yearMin} to ${BookLimits.yearMax}.`,
  isbn: ISBN_MESSAGE,
  url: 'must be an http or https address.',
  dateReadNotRead: 'Date read can only be set on a book with status Read.',
  notFound: 'Book not found.',
  accountNotFound: 'Account not found.',
  demoLoaded: 'The sample library is already in your library.',
} as const;

/** Tags are trimmed, blanks dropped, and duplicates (ignoring case) kept once, first spelling wins. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/**
 * At most 2 decimals: the value is exactly the number its whole cents stand for. A decimal with 2 places
 * parses to the double nearest to it, and cents / 100 rounds to that same double, so 19.99 passes despite
 * binary noise; 1e-300 or 19.990000001 do not, as a tolerance in cents would let them (and store them).
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.round(value * 100) / 100 === value;
}

/** The fields the status rules read and write. */
export interface StatusState {
  status: BookStatus;
  dateRead: string | null;
  review: string | null;
  rating: number | null;
}

/**
 * core.md §4: changing to read sets dateRead to now when it is not already set; changing away from read
 * clears it. `requestedDateRead` is a date the reader typed, which wins while the book is read; a read book
 * always has a date.
 */
export function dateReadAfter(
  before: Pick<StatusState, 'status' | 'dateRead'> | null,
  nextStatus: BookStatus,
  now: Date,
  requestedDateRead?: string | null,
): string | null {
  if (nextStatus !== 'read') return null;
  if (requestedDateRead) return requestedDateRead;
  if (before?.status === 'read' && before.dateRead) return before.dateRead;
  return now.toISOString();
}

export const BOOK_ACTIVITY_TYPES = ['book_started', 'book_finished', 'book_reviewed', 'book_rated'] as const;
export type BookActivityType = (typeof BOOK_ACTIVITY_TYPES)[number];

/**
 * The activity a change records, in the spec's order (core.md §4, social.md §4): entering reading records
 * book_started; entering read records book_finished, then book_reviewed if a review exists, then book_rated
 * if a rating exists. Outside that moment, writing a first review or a new rating records it too, so the
 * feed hears about a review added a week after finishing. `before` is null for a new book.
 */
export function activitiesForChange(before: StatusState | null, after: StatusState): BookActivityType[] {
  const entered = (status: BookStatus) => after.status === status && before?.status !== status;
  const hasReview = (s: StatusState | null) => Boolean(s?.review?.trim());
  if (entered('read')) {
    return [
      'book_finished',
      ...(hasReview(after) ? (['book_reviewed'] as const) : []),
      ...(after.rating ? (['book_rated'] as const) : []),
    ];
  }
  const out: BookActivityType[] = [];
  if (entered('reading')) out.push('book_started');
  if (before && hasReview(after) && !hasReview(before)) out.push('book_reviewed');
  if (before && after.rating && after.rating !== before.rating) out.push('book_rated');
  return out;
}

/**
 * The API paths of the library, used by server routes and web fetchers. Here rather than in books.ts: that
 * module registers its schemas at load time, so importing a path from it would bring zod along.
 */
export const BookPaths = {
  list: '/api/books',
  facets: '/api/books/facets',
  bulk: '/api/books/bulk',
  revert: '/api/books/bulk/revert',
  bulkDelete: '/api/books/bulk/delete',
  restore: '/api/books/bulk/restore',
  one: (id: string) => `/api/books/${encodeURIComponent(id)}`,
  demo: '/api/demo/load',
  export: '/api/books/export',
} as const;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
