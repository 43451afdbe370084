import {
  cleanText as clean,
  normalizeIsbn,
  normalizeStatus,
  normalizeTags,
  toPurchaseInfo,
  toSpecialEdition,
  type Book,
  type CreateBookRequest,
  type UpdateBookRequest,
} from '@bookshelf/contract';
import type { BookValues, StoredBook } from './books.repository.js';
import type { StoredPricePoint } from '../../db/schema/index.js';
import { searchTextOf } from './book-search.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The columns an input sets, normalised (trimmed text, ISBN-13, unique tags, 0 stars as none). Only the
 * keys present in the input appear, so a PATCH touches exactly what it names. Status and dateRead are
 * left to the status rules in the service.
 */
export function inputToValues(input: UpdateBookRequest | CreateBookRequest): Partial<BookValues> {
  const v: Partial<BookValues> = {};
  if (input.title !== undefined) v.title = input.title.trim();
  if (input.author !== undefined) v.author = input.author.trim();
  // The contract has refused anything that is not an ISBN; what comes through is stored as its ISBN-13.
  if (input.isbn !== undefined) v.isbn = input.isbn?.trim() ? normalizeIsbn(input.isbn) : null;
  if (input.coverUrl !== undefined) v.coverUrl = clean(input.coverUrl);
  if (input.format !== undefined) v.format = input.format;
  if (input.bindingType !== undefined) v.bindingType = input.bindingType;
  if (input.genre !== undefined) v.genre = clean(input.genre);
  if (input.publishedYear !== undefined) v.publishedYear = input.publishedYear;
  if (input.originalPublishedYear !== undefined) v.originalPublishedYear = input.originalPublishedYear;
  if (input.publisher !== undefined) v.publisher = clean(input.publisher);
  if (input.pages !== undefined) v.pages = input.pages;
  if (input.rating !== undefined) v.rating = input.rating ? input.rating : null;
  if (input.tags !== undefined) v.tags = normalizeTags(input.tags);
  if (input.notes !== undefined) v.notes = clean(input.notes);
  if (input.review !== undefined) v.review = clean(input.review);
  if (input.purchaseInfo !== undefined) v.purchaseInfo = input.purchaseInfo ? toPurchaseInfo(input.purchaseInfo) : null;
  if (input.specialEdition !== undefined) {
    v.specialEdition = input.specialEdition ? toSpecialEdition(input.specialEdition) : null;
  }
  if (input.currentValue !== undefined) v.currentValue = input.currentValue;
  if (input.images !== undefined) v.images = input.images.map((url) => url.trim());
  if (input.accountId !== undefined) v.accountId = input.accountId;
  if (input.priceHistory !== undefined) {
    v.priceHistory = input.priceHistory.map((p): StoredPricePoint => ({
      date: p.date,
      price: p.price,
      currency: p.currency,
      platform: clean(p.platform),
    }));
  }
  return v;
}

export const statusOf = (input: { status?: Parameters<typeof normalizeStatus>[0] | undefined }) =>
  input.status === undefined ? undefined : normalizeStatus(input.status);

/** Keeps search_text in step with the fields it is made of. */
export function withSearchText(values: Partial<BookValues>, current: StoredBook | undefined): Partial<BookValues> {
  const merged = {
    title: values.title ?? current?.title ?? '',
    author: values.author ?? current?.author ?? '',
    isbn: values.isbn !== undefined ? values.isbn : (current?.isbn ?? null),
    tags: values.tags ?? current?.tags ?? [],
  };
  return { ...values, searchText: searchTextOf(merged) };
}

export function toBook(row: StoredBook): Book {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    isbn: row.isbn,
    coverUrl: row.coverUrl,
    format: row.format as Book['format'],
    bindingType: row.bindingType as Book['bindingType'],
    genre: row.genre,
    publishedYear: row.publishedYear,
    originalPublishedYear: row.originalPublishedYear,
    publisher: row.publisher,
    pages: row.pages,
    rating: row.rating,
    status: row.status as Book['status'],
    dateAdded: row.dateAdded.toISOString(),
    dateRead: iso(row.dateRead),
    tags: row.tags,
    notes: row.notes,
    review: row.review,
    purchaseInfo: row.purchaseInfo,
    specialEdition: row.specialEdition,
    currentValue: row.currentValue,
    images: row.images,
    accountId: row.accountId,
    priceHistory: row.priceHistory.map((p) => ({
      ...p,
      currency: p.currency as Book['priceHistory'][number]['currency'],
    })),
    updatedAt: row.updatedAt.toISOString(),
  };
}
