/**
 * How a create request becomes a book (core.md §4), in one place: the server stores these values, and the
 * web shows the same book at once while the server's answer is on its way. Plain functions, no zod.
 */

import {
  DEFAULT_ACCOUNT_ID,
  DEFAULT_BOOK_STATUS,
  dateReadAfter,
  normalizeStatus,
  normalizeTags,
} from './book-rules.js';
import type {
  Book,
  CreateBookRequest,
  PurchaseInfo,
  PurchaseInfoInput,
  SpecialEdition,
  SpecialEditionInput,
} from './books.js';
import { normalizeIsbn } from './isbn.js';
import { OTHER_PLATFORM } from './platforms.js';

/** Defaults of a new book (core.md §4): owned, physical, in the Personal Collection. */
export const NEW_BOOK_DEFAULTS = {
  status: DEFAULT_BOOK_STATUS,
  format: 'physical',
  accountId: DEFAULT_ACCOUNT_ID,
} as const;

/** Blank text is no text: an emptied field is stored as null. */
export const cleanText = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

export function toPurchaseInfo(input: PurchaseInfoInput): PurchaseInfo {
  return {
    platform: (input.platform === OTHER_PLATFORM ? (input.customPlatform ?? input.platform) : input.platform).trim(),
    price: input.price,
    currency: input.currency,
    sellerName: cleanText(input.sellerName),
    purchaseDate: input.purchaseDate ?? null,
    condition: input.condition ?? null,
    notes: cleanText(input.notes),
  };
}

export function toSpecialEdition(input: SpecialEditionInput): SpecialEdition {
  return {
    type: input.type,
    customType: input.type === 'other' ? cleanText(input.customType) : null,
    details: cleanText(input.details),
    certificateOfAuthenticity: input.certificateOfAuthenticity ?? false,
    editionNumber: cleanText(input.editionNumber),
    limitedQuantity: input.limitedQuantity ?? null,
  };
}

/** The book a create request makes, as the server will answer it (its id and clock given). */
export function bookFromCreateRequest(request: CreateBookRequest, id: string, now: Date): Book {
  const status = normalizeStatus(request.status ?? NEW_BOOK_DEFAULTS.status);
  const iso = now.toISOString();
  return {
    id,
    title: request.title.trim(),
    author: request.author.trim(),
    isbn: request.isbn?.trim() ? normalizeIsbn(request.isbn) : null,
    coverUrl: cleanText(request.coverUrl),
    format: request.format ?? NEW_BOOK_DEFAULTS.format,
    bindingType: request.bindingType ?? null,
    genre: cleanText(request.genre),
    publishedYear: request.publishedYear ?? null,
    originalPublishedYear: request.originalPublishedYear ?? null,
    publisher: cleanText(request.publisher),
    pages: request.pages ?? null,
    rating: request.rating || null,
    status,
    dateAdded: iso,
    dateRead: dateReadAfter(null, status, now, request.dateRead),
    tags: normalizeTags(request.tags ?? []),
    notes: cleanText(request.notes),
    review: cleanText(request.review),
    purchaseInfo: request.purchaseInfo ? toPurchaseInfo(request.purchaseInfo) : null,
    specialEdition: request.specialEdition ? toSpecialEdition(request.specialEdition) : null,
    currentValue: request.currentValue ?? null,
    images: (request.images ?? []).map((url) => url.trim()),
    accountId: request.accountId ?? NEW_BOOK_DEFAULTS.accountId,
    priceHistory: (request.priceHistory ?? []).map((p) => ({ ...p, platform: cleanText(p.platform) })),
    updatedAt: iso,
  };
}
