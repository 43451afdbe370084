import { z } from 'zod/mini';

/**
 * Books on the wire (spec core.md §3–5): the server validates requests with these schemas and the web client
 * validates responses with them. Rules that need no schema live in book-rules.ts.
 */

import {
  EXPORT_FORMATS,
  BINDING_TYPES,
  BOOK_CONDITIONS,
  BOOK_FORMATS,
  BOOK_SORTS,
  BOOK_STATUSES,
  BookLimits,
  BookMessages,
  hasAtMostTwoDecimals,
  SORT_ORDERS,
  SPECIAL_EDITION_TYPES,
} from './book-rules.js';
import { ISBN_MESSAGE, isValidIsbn } from './isbn.js';
import { STORED_COVER_PATH } from './lookup-rules.js';
import { BOOK_CURRENCIES } from './currency.js';
import { OTHER_PLATFORM } from './platforms.js';
import { dateInput, textInput } from './wire-values.js';

export const BookStatusSchema = z.enum(BOOK_STATUSES);
/** Input also accepts the spec's other spelling of reading; it is stored as reading. */
export const BookStatusInputSchema = z.enum([...BOOK_STATUSES, 'currently_reading']);
export const BookFormatSchema = z.enum(BOOK_FORMATS);
export const BindingTypeSchema = z.enum(BINDING_TYPES);
export const SpecialEditionTypeSchema = z.enum(SPECIAL_EDITION_TYPES);
export const BookConditionSchema = z.enum(BOOK_CONDITIONS);
export const BookCurrencySchema = z.enum(BOOK_CURRENCIES);

const text = (label: string, max: number) =>
  textInput().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters.`));
const optionalText = (label: string, max: number) => z.optional(z.nullable(text(label, max)));
const httpUrl = (label: string) =>
  textInput().check(
    z.trim(),
    z.maxLength(BookLimits.urlMax, `${label} is too long.`),
    z.regex(/^https?:\/\/\S+$/i, `${label} ${BookMessages.url}`),
  );
/** A web address, or a cover the server stored from an ISBN lookup (`/api/covers/{sha256}`). */
const coverUrl = textInput().check(
  z.trim(),
  z.maxLength(BookLimits.urlMax, 'Cover URL is too long.'),
  z.refine((v) => /^https?:\/\/\S+$/i.test(v) || STORED_COVER_PATH.test(v), `Cover URL ${BookMessages.url}`),
);
const money = z
  .number(BookMessages.price)
  .check(
    z.minimum(0, BookMessages.price),
    z.maximum(BookLimits.priceMax, BookMessages.price),
    z.refine(hasAtMostTwoDecimals, BookMessages.price),
  );
/** Empty is no ISBN; anything else must be a real one (stored as its ISBN-13, see isbn.ts). */
const isbn = textInput().check(
  z.trim(),
  z.refine((value) => value === '' || isValidIsbn(value), ISBN_MESSAGE),
);

export const PurchaseInfoSchema = z
  .object({
    /** A platform from the list, or Other (Specify) together with customPlatform. */
    platform: text('Platform', BookLimits.textMax).check(z.minLength(1, 'Platform is required.')),
    customPlatform: optionalText('Custom platform name', BookLimits.textMax),
    price: money,
    currency: BookCurrencySchema,
    sellerName: optionalText('Seller name', BookLimits.textMax),
    purchaseDate: z.optional(z.nullable(dateInput('Purchase date', 'day'))),
    condition: z.optional(z.nullable(BookConditionSchema)),
    notes: optionalText('Purchase notes', BookLimits.notesMax),
  })
  .check(
    z.refine((p) => p.platform !== OTHER_PLATFORM || Boolean(p.customPlatform?.trim()), {
      message: BookMessages.customPlatformRequired,
      path: ['customPlatform'],
    }),
  );
export type PurchaseInfoInput = z.input<typeof PurchaseInfoSchema>;

/** As stored and sent back: the custom platform name has replaced Other (Specify). */
export const PurchaseInfoOutSchema = z.object({
  platform: z.string(),
  price: z.number(),
  currency: BookCurrencySchema,
  sellerName: z.nullable(z.string()),
  purchaseDate: z.nullable(z.string()),
  condition: z.nullable(BookConditionSchema),
  notes: z.nullable(z.string()),
});
export type PurchaseInfo = z.infer<typeof PurchaseInfoOutSchema>;

export const SpecialEditionSchema = z
  .object({
    type: SpecialEditionTypeSchema,
    /** Kept only when type is other (core.md §3). */
    customType: optionalText('Custom edition type', BookLimits.textMax),
    details: optionalText('Edition details', BookLimits.notesMax),
    certificateOfAuthenticity: z.optional(z.boolean()),
    /** Free text such as 1st/1st. */
    editionNumber: optionalText('Edition number', 50),
    limitedQuantity: z.optional(
      z.nullable(
        z
          .number(BookMessages.limitedQuantity)
          .check(
            z.int(BookMessages.limitedQuantity),
            z.minimum(1, BookMessages.limitedQuantity),
            z.maximum(BookLimits.limitedQuantityMax, BookMessages.limitedQuantity),
          ),
      ),
    ),
  })
  .check(
    z.refine((e) => e.type !== 'other' || Boolean(e.customType?.trim()), {
      message: BookMessages.customEditionTypeRequired,
      path: ['customType'],
    }),
  );
export type SpecialEditionInput = z.input<typeof SpecialEditionSchema>;

export const SpecialEditionOutSchema = z.object({
  type: SpecialEditionTypeSchema,
  customType: z.nullable(z.string()),
  details: z.nullable(z.string()),
  certificateOfAuthenticity: z.boolean(),
  editionNumber: z.nullable(z.string()),
  limitedQuantity: z.nullable(z.number()),
});
export type SpecialEdition = z.infer<typeof SpecialEditionOutSchema>;

/** What a copy is worth today, in a stated currency. */
export const MoneySchema = z.object({ amount: money, currency: BookCurrencySchema });
export type Money = z.infer<typeof MoneySchema>;

export const PricePointSchema = z.object({
  date: dateInput('Price date', 'day'),
  price: money,
  currency: BookCurrencySchema,
  platform: optionalText('Platform', BookLimits.textMax),
});
export type PricePoint = z.infer<typeof PricePointSchema>;

/** A watch on a book's price (core.md §3); alerts fire in the pricing issue. */
export const PriceAlertSchema = z.object({
  bookId: textInput(),
  targetPrice: money,
  currency: BookCurrencySchema,
  platforms: z.array(text('Platform', BookLimits.textMax)),
});
export type PriceAlert = z.infer<typeof PriceAlertSchema>;

const tags = z
  .array(text('Tag', BookLimits.tagMax))
  .check(z.maxLength(BookLimits.tagsMax, `A book can have at most ${BookLimits.tagsMax} tags.`));

/** Every field a reader can set; title and author are required when creating (core.md §5). */
const bookFields = {
  title: text('Title', BookLimits.titleMax).check(z.minLength(1, BookMessages.titleRequired)),
  author: text('Author', BookLimits.authorMax).check(z.minLength(1, BookMessages.authorRequired)),
  isbn: z.optional(z.nullable(isbn)),
  coverUrl: z.optional(z.nullable(coverUrl)),
  format: z.optional(BookFormatSchema),
  bindingType: z.optional(z.nullable(BindingTypeSchema)),
  genre: optionalText('Genre', 100),
  publishedYear: z.optional(
    z.nullable(
      z
        .number(BookMessages.publishedYear)
        .check(
          z.int(BookMessages.publishedYear),
          z.minimum(BookLimits.yearMin, BookMessages.publishedYear),
          z.maximum(BookLimits.yearMax, BookMessages.publishedYear),
        ),
    ),
  ),
  /** The first edition's year; publishedYear is this edition's (Goodreads keeps both). */
  originalPublishedYear: z.optional(
    z.nullable(
      z
        .number(BookMessages.publishedYear)
        .check(
          z.int(BookMessages.publishedYear),
          z.minimum(BookLimits.yearMin, BookMessages.publishedYear),
          z.maximum(BookLimits.yearMax, BookMessages.publishedYear),
        ),
    ),
  ),
  publisher: optionalText('Publisher', BookLimits.textMax),
  pages: z.optional(
    z.nullable(
      z
        .number(BookMessages.pages)
        .check(
          z.int(BookMessages.pages),
          z.minimum(1, BookMessages.pages),
          z.maximum(BookLimits.pagesMax, BookMessages.pages),
        ),
    ),
  ),
  /** 0 means not rated and is stored as null. */
  rating: z.optional(
    z.nullable(
      z
        .number(BookMessages.rating)
        .check(z.int(BookMessages.rating), z.minimum(0, BookMessages.rating), z.maximum(5, BookMessages.rating)),
    ),
  ),
  status: z.optional(BookStatusInputSchema),
  /** Only for a read book; without it, becoming read sets it to now. */
  dateRead: z.optional(z.nullable(dateInput('Date read', 'day-or-instant'))),
  tags: z.optional(tags),
  notes: optionalText('Notes', BookLimits.notesMax),
  review: optionalText('Review', BookLimits.reviewMax),
  purchaseInfo: z.optional(z.nullable(PurchaseInfoSchema)),
  specialEdition: z.optional(z.nullable(SpecialEditionSchema)),
  currentValue: z.optional(z.nullable(MoneySchema)),
  images: z.optional(
    z
      .array(httpUrl('Image URL'))
      .check(z.maxLength(BookLimits.imagesMax, `A book can have at most ${BookLimits.imagesMax} images.`)),
  ),
  accountId: z.optional(textInput().check(z.minLength(1), z.maxLength(100))),
  priceHistory: z.optional(
    z
      .array(PricePointSchema)
      .check(z.maxLength(BookLimits.priceHistoryMax, `At most ${BookLimits.priceHistoryMax} price points.`)),
  ),
};

export const CreateBookRequestSchema = z.object(bookFields);
export type CreateBookRequest = z.input<typeof CreateBookRequestSchema>;

export const UpdateBookRequestSchema = z.partial(z.object(bookFields));
export type UpdateBookRequest = z.input<typeof UpdateBookRequestSchema>;

export const BookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  isbn: z.nullable(z.string()),
  /** Null when there is none; screens show a placeholder. */
  coverUrl: z.nullable(z.string()),
  format: BookFormatSchema,
  bindingType: z.nullable(BindingTypeSchema),
  genre: z.nullable(z.string()),
  publishedYear: z.nullable(z.number()),
  originalPublishedYear: z.nullable(z.number()),
  publisher: z.nullable(z.string()),
  pages: z.nullable(z.number()),
  rating: z.nullable(z.number()),
  status: BookStatusSchema,
  dateAdded: z.string(),
  dateRead: z.nullable(z.string()),
  tags: z.array(z.string()),
  notes: z.nullable(z.string()),
  review: z.nullable(z.string()),
  purchaseInfo: z.nullable(PurchaseInfoOutSchema),
  specialEdition: z.nullable(SpecialEditionOutSchema),
  currentValue: z.nullable(z.object({ amount: z.number(), currency: BookCurrencySchema })),
  images: z.array(z.string()),
  accountId: z.string(),
  priceHistory: z.array(
    z.object({ date: z.string(), price: z.number(), currency: BookCurrencySchema, platform: z.nullable(z.string()) }),
  ),
  updatedAt: z.string(),
});
export type Book = z.infer<typeof BookSchema>;

/**
 * A whole number in the query string: digits only. Coercing any string let an empty `?rating=` through as 0
 * (a filter for unrated books nobody asked for), and `0x10`, `1e3` or ` 5` as numbers.
 */
const intParam = (label: string, min: number, max: number) =>
  z.pipe(
    z.pipe(
      textInput(`${label} must be a whole number.`).check(
        z.regex(/^\d{1,15}$/, `${label} must be a whole number.`),
        z.describe(`A whole number from ${min} to ${max}.`),
      ),
      z.transform(Number),
    ),
    z
      .number()
      .check(z.minimum(min, `${label} must be at least ${min}.`), z.maximum(max, `${label} must be at most ${max}.`)),
  );

export const BookListQuerySchema = z.object({
  /** Words of the title, author, ISBN, tags or notes; typos and word beginnings still match. */
  q: z.optional(textInput().check(z.trim(), z.maxLength(BookLimits.searchMax, 'Search is too long.'))),
  status: z.optional(BookStatusInputSchema),
  format: z.optional(BookFormatSchema),
  genre: z.optional(textInput().check(z.maxLength(100))),
  tag: z.optional(textInput().check(z.maxLength(BookLimits.tagMax))),
  accountId: z.optional(textInput().check(z.maxLength(100))),
  rating: z.optional(intParam('Rating', 0, 5)),
  specialEdition: z.optional(z.enum(['true', 'false'])),
  /** Default: relevance while searching, else dateAdded. */
  sort: z.optional(z.enum(BOOK_SORTS)),
  /** Default: asc for title and author, desc otherwise. */
  order: z.optional(z.enum(SORT_ORDERS)),
  limit: z.optional(intParam('Limit', 1, BookLimits.pageSizeMax)),
  offset: z.optional(intParam('Offset', 0, 10_000_000)),
});
export type BookListQuery = z.infer<typeof BookListQuerySchema>;

export const BookListSchema = z.object({
  items: z.array(BookSchema),
  /** The number of matching books; a search counts only up to BookLimits.searchCountMax (see totalCapped). */
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  /**
   * True when a search matched more books than BookLimits.searchCountMax: `total` is then that cap, the real
   * number is larger, and the books come newest first whatever the sort asked for relevance.
   */
  totalCapped: z.optional(z.boolean()),
});
export type BookList = z.infer<typeof BookListSchema>;

export const FacetCountSchema = z.object({ value: z.string(), count: z.number() });
export type FacetCount = z.infer<typeof FacetCountSchema>;

/** Counts over the whole library for the filter controls, most common first. */
export const BookFacetsSchema = z.object({
  total: z.number(),
  status: z.array(FacetCountSchema),
  format: z.array(FacetCountSchema),
  genre: z.array(FacetCountSchema),
  tag: z.array(FacetCountSchema),
  account: z.array(FacetCountSchema),
});
export type BookFacets = z.infer<typeof BookFacetsSchema>;

const bookIds = z
  .array(z.uuid('Book id must be a UUID.'))
  .check(
    z.minLength(1, 'Choose at least one book.'),
    z.maxLength(BookLimits.bulkMax, `At most ${BookLimits.bulkMax} books at once.`),
  );

/** One change applied to many books; tags are added or removed, never replaced. */
export const BulkUpdateBooksRequestSchema = z.object({
  ids: bookIds,
  status: z.optional(BookStatusInputSchema),
  addTag: z.optional(text('Tag', BookLimits.tagMax).check(z.minLength(1, 'Tag is required.'))),
  removeTag: z.optional(text('Tag', BookLimits.tagMax).check(z.minLength(1, 'Tag is required.'))),
});
export type BulkUpdateBooksRequest = z.input<typeof BulkUpdateBooksRequestSchema>;

/** The fields a bulk change touches, as they were, so Undo puts them back exactly. */
export const BookStateSchema = z.object({
  id: z.uuid('Book id must be a UUID.'),
  status: BookStatusSchema,
  dateRead: z.nullable(z.iso.datetime({ offset: true, error: 'Date read must be a date.' })),
  tags: tags,
});
export type BookState = z.infer<typeof BookStateSchema>;

/** A state sent back for Undo is input like any other: its date must be one the database can store. */
const BookStateInputSchema = z.extend(BookStateSchema, { dateRead: z.nullable(dateInput('Date read', 'instant')) });

export const BulkUpdateBooksResponseSchema = z.object({ updated: z.number(), previous: z.array(BookStateSchema) });
export type BulkUpdateBooksResponse = z.infer<typeof BulkUpdateBooksResponseSchema>;

export const RevertBooksRequestSchema = z.object({
  books: z
    .array(BookStateInputSchema)
    .check(z.minLength(1), z.maxLength(BookLimits.bulkMax, `At most ${BookLimits.bulkMax} books at once.`)),
});
export type RevertBooksRequest = z.infer<typeof RevertBooksRequestSchema>;

export const BookIdsRequestSchema = z.object({ ids: bookIds });
export type BookIdsRequest = z.infer<typeof BookIdsRequestSchema>;

export const CountResponseSchema = z.object({ count: z.number() });
export type CountResponse = z.infer<typeof CountResponseSchema>;

export const DemoLoadResponseSchema = z.object({ added: z.number() });
export type DemoLoadResponse = z.infer<typeof DemoLoadResponseSchema>;

export const ExportQuerySchema = z.object({ format: z._default(z.enum(EXPORT_FORMATS), 'csv') });
