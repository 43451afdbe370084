import {
  BookLimits,
  BookMessages,
  DEFAULT_ACCOUNT_ID,
  DEFAULT_BOOK_STATUS,
  DEFAULT_CURRENCY,
  hasAtMostTwoDecimals,
  isValidIsbn,
  normalizeTags,
  OTHER_PLATFORM,
  STORED_COVER_PATH,
  type BindingType,
  type Book,
  type BookCondition,
  type BookCurrency,
  type BookFormat,
  type BookStatus,
  type CreateBookRequest,
  type SpecialEditionType,
  type UpdateBookRequest,
} from '@bookshelf/contract';

/**
 * What the add and edit forms hold. Inputs keep text (an empty number box is '', not 0) and the request is
 * built from it in one place, formValuesToRequest. Group names match the request's, so a server issue at
 * body.purchaseInfo.price lands on the form field purchaseInfo.price.
 */
export interface BookFormValues {
  title: string;
  author: string;
  isbn: string;
  coverUrl: string;
  format: BookFormat;
  bindingType: BindingType | '';
  genre: string;
  publishedYear: string;
  publisher: string;
  pages: string;
  /** 0 = not rated. */
  rating: number;
  status: BookStatus;
  tags: string[];
  notes: string;
  review: string;
  accountId: string;
  currentValue: { amount: string; currency: BookCurrency };
  hasPurchaseInfo: boolean;
  purchaseInfo: {
    /** A platform from the list, a custom one already used, or OTHER_PLATFORM with customPlatform. */
    platform: string;
    customPlatform: string;
    price: string;
    currency: BookCurrency;
    sellerName: string;
    purchaseDate: string;
    condition: BookCondition | '';
    notes: string;
  };
  hasSpecialEdition: boolean;
  specialEdition: {
    type: SpecialEditionType;
    customType: string;
    details: string;
    certificateOfAuthenticity: boolean;
    editionNumber: string;
    limitedQuantity: string;
  };
}

export const emptyPurchaseInfo = (): BookFormValues['purchaseInfo'] => ({
  platform: '',
  customPlatform: '',
  price: '',
  currency: DEFAULT_CURRENCY,
  sellerName: '',
  purchaseDate: '',
  condition: '',
  notes: '',
});

export const emptySpecialEdition = (): BookFormValues['specialEdition'] => ({
  type: 'signed',
  customType: '',
  details: '',
  certificateOfAuthenticity: false,
  editionNumber: '',
  limitedQuantity: '',
});

/** A new book: owned, physical, in the Personal Collection (core.md §3–4). */
export function emptyBookFormValues(): BookFormValues {
  return {
    title: '',
    author: '',
    isbn: '',
    coverUrl: '',
    format: 'physical',
    bindingType: '',
    genre: '',
    publishedYear: '',
    publisher: '',
    pages: '',
    rating: 0,
    status: DEFAULT_BOOK_STATUS,
    tags: [],
    notes: '',
    review: '',
    accountId: DEFAULT_ACCOUNT_ID,
    currentValue: { amount: '', currency: DEFAULT_CURRENCY },
    hasPurchaseInfo: false,
    purchaseInfo: emptyPurchaseInfo(),
    hasSpecialEdition: false,
    specialEdition: emptySpecialEdition(),
  };
}

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The edit form's starting point. A stored custom platform is shown as itself (it is one of the choices). */
export function bookToFormValues(book: Book): BookFormValues {
  const purchase = book.purchaseInfo;
  const edition = book.specialEdition;
  return {
    title: book.title,
    author: book.author,
    isbn: str(book.isbn),
    coverUrl: str(book.coverUrl),
    format: book.format,
    bindingType: book.bindingType ?? '',
    genre: str(book.genre),
    publishedYear: str(book.publishedYear),
    publisher: str(book.publisher),
    pages: str(book.pages),
    rating: book.rating ?? 0,
    status: book.status,
    tags: [...book.tags],
    notes: str(book.notes),
    review: str(book.review),
    accountId: book.accountId,
    currentValue: book.currentValue
      ? { amount: str(book.currentValue.amount), currency: book.currentValue.currency }
      : { amount: '', currency: purchase?.currency ?? DEFAULT_CURRENCY },
    hasPurchaseInfo: purchase !== null,
    purchaseInfo: purchase
      ? {
          platform: purchase.platform,
          customPlatform: '',
          price: str(purchase.price),
          currency: purchase.currency,
          sellerName: str(purchase.sellerName),
          purchaseDate: str(purchase.purchaseDate),
          condition: purchase.condition ?? '',
          notes: str(purchase.notes),
        }
      : emptyPurchaseInfo(),
    hasSpecialEdition: edition !== null,
    specialEdition: edition
      ? {
          type: edition.type,
          customType: str(edition.customType),
          details: str(edition.details),
          certificateOfAuthenticity: edition.certificateOfAuthenticity,
          editionNumber: str(edition.editionNumber),
          limitedQuantity: str(edition.limitedQuantity),
        }
      : emptySpecialEdition(),
  };
}

/** A number the text holds, or null when it is blank or not a number. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** core.md §5: the price falls back to 0 when it is not numeric. */
export const parsePrice = (text: string): number => parseNumber(text) ?? 0;

/** core.md §5: the limited quantity is empty when it is not numeric. */
export const parseLimitedQuantity = (text: string): number | null => parseNumber(text);

const optional = (text: string) => text.trim() || null;

/**
 * The whole book as the form describes it. Purchase info and special edition are null unless their box is
 * ticked (core.md §4); Other (Specify) travels as platform = OTHER_PLATFORM plus customPlatform.
 */
export function formValuesToRequest(values: BookFormValues): CreateBookRequest {
  const purchase = values.purchaseInfo;
  const edition = values.specialEdition;
  const value = parseNumber(values.currentValue.amount);
  return {
    title: values.title.trim(),
    author: values.author.trim(),
    isbn: optional(values.isbn),
    coverUrl: optional(values.coverUrl),
    format: values.format,
    // core.md §4: binding belongs to physical books only.
    bindingType: values.format === 'physical' && values.bindingType ? values.bindingType : null,
    genre: optional(values.genre),
    publishedYear: parseNumber(values.publishedYear),
    publisher: optional(values.publisher),
    pages: parseNumber(values.pages),
    rating: values.rating > 0 ? values.rating : null,
    status: values.status,
    tags: normalizeTags(values.tags),
    notes: optional(values.notes),
    review: optional(values.review),
    accountId: values.accountId || DEFAULT_ACCOUNT_ID,
    currentValue: value === null ? null : { amount: value, currency: values.currentValue.currency },
    purchaseInfo: values.hasPurchaseInfo
      ? {
          platform: purchase.platform,
          customPlatform: purchase.platform === OTHER_PLATFORM ? optional(purchase.customPlatform) : null,
          price: parsePrice(purchase.price),
          currency: purchase.currency,
          sellerName: optional(purchase.sellerName),
          purchaseDate: optional(purchase.purchaseDate),
          condition: purchase.condition || null,
          notes: optional(purchase.notes),
        }
      : null,
    specialEdition: values.hasSpecialEdition
      ? {
          type: edition.type,
          customType: edition.type === 'other' ? optional(edition.customType) : null,
          details: optional(edition.details),
          certificateOfAuthenticity: edition.certificateOfAuthenticity,
          editionNumber: optional(edition.editionNumber),
          limitedQuantity: parseLimitedQuantity(edition.limitedQuantity),
        }
      : null,
  };
}

/** A new book's request: fields left empty are simply not sent. */
export function formValuesToCreateRequest(values: BookFormValues): CreateBookRequest {
  const request = formValuesToRequest(values);
  return Object.fromEntries(Object.entries(request).filter(([, v]) => v !== null)) as CreateBookRequest;
}

/**
 * Only what the reader changed, for PATCH: each field of `after` that differs from `before` (both built by
 * formValuesToRequest, so equal books give equal JSON). Unticking a section sends it as null.
 */
export function changedBookFields(before: CreateBookRequest, after: CreateBookRequest): UpdateBookRequest {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify((before as Record<string, unknown>)[key])) changes[key] = value;
  }
  return changes;
}

const wholeNumberIn = (text: string, min: number, max: number): boolean => {
  if (text.trim() === '') return true;
  const value = parseNumber(text);
  return value !== null && Number.isInteger(value) && value >= min && value <= max;
};

const isMoney = (text: string): boolean => {
  const value = parseNumber(text);
  return value !== null && value >= 0 && value <= BookLimits.priceMax && hasAtMostTwoDecimals(value);
};

export const CURRENT_VALUE_MESSAGE = 'Current value must be a number of at least 0 with at most 2 decimals.';
const COVER_URL_MESSAGE = `Cover URL ${BookMessages.url}`;
export const PLATFORM_REQUIRED = 'Platform is required.';

/**
 * The checks the form runs before sending (core.md §5), as react-hook-form validate functions: true or the
 * message. The messages are the contract's, the very ones the server answers with.
 */
export const bookFormRules = {
  title: (text: string) => text.trim() !== '' || BookMessages.titleRequired,
  author: (text: string) => text.trim() !== '' || BookMessages.authorRequired,
  /** Empty is no ISBN; hyphens and spaces as printed are fine, the server stores the ISBN-13. */
  isbn: (text: string) => text.trim() === '' || isValidIsbn(text) || BookMessages.isbn,
  coverUrl: (text: string) =>
    text.trim() === '' ||
    /^https?:\/\/\S+$/i.test(text.trim()) ||
    STORED_COVER_PATH.test(text.trim()) ||
    COVER_URL_MESSAGE,
  publishedYear: (text: string) =>
    wholeNumberIn(text, BookLimits.yearMin, BookLimits.yearMax) || BookMessages.publishedYear,
  pages: (text: string) => wholeNumberIn(text, 1, BookLimits.pagesMax) || BookMessages.pages,
  /** Not numeric falls back to 0, so only a negative or over-precise number is refused. */
  price: (text: string) => parseNumber(text) === null || isMoney(text) || BookMessages.price,
  currentValue: (text: string) => text.trim() === '' || isMoney(text) || CURRENT_VALUE_MESSAGE,
  /** Not numeric means empty; a number must be whole and at least 1. */
  limitedQuantity: (text: string) =>
    parseNumber(text) === null || wholeNumberIn(text, 1, BookLimits.limitedQuantityMax) || BookMessages.limitedQuantity,
  platform: (platform: string) => platform !== '' || PLATFORM_REQUIRED,
  customPlatform: (name: string, platform: string) =>
    platform !== OTHER_PLATFORM || name.trim() !== '' || BookMessages.customPlatformRequired,
  customEditionType: (name: string, type: SpecialEditionType) =>
    type !== 'other' || name.trim() !== '' || BookMessages.customEditionTypeRequired,
};

/** Every field of the form a server issue can point at, by its form name. */
export const BOOK_FORM_FIELDS = [
  'title',
  'author',
  'isbn',
  'coverUrl',
  'format',
  'bindingType',
  'genre',
  'publishedYear',
  'publisher',
  'pages',
  'rating',
  'status',
  'tags',
  'notes',
  'review',
  'accountId',
  'currentValue.amount',
  'currentValue.currency',
  'purchaseInfo.platform',
  'purchaseInfo.customPlatform',
  'purchaseInfo.price',
  'purchaseInfo.currency',
  'purchaseInfo.sellerName',
  'purchaseInfo.purchaseDate',
  'purchaseInfo.condition',
  'purchaseInfo.notes',
  'specialEdition.type',
  'specialEdition.customType',
  'specialEdition.details',
  'specialEdition.certificateOfAuthenticity',
  'specialEdition.editionNumber',
  'specialEdition.limitedQuantity',
] as const;
export type BookFormField = (typeof BOOK_FORM_FIELDS)[number];

const FIELD_SET = new Set<string>(BOOK_FORM_FIELDS);

/**
 * The form field a server issue path names: "body.purchaseInfo.price" → purchaseInfo.price, "body.tags.3" →
 * tags, "body.currentValue" → currentValue.amount; null when it names nothing on the form.
 */
export function formFieldForIssuePath(path: string): BookFormField | null {
  const parts = path.split('.').filter(Boolean);
  if (parts[0] === 'body') parts.shift();
  for (let length = parts.length; length > 0; length -= 1) {
    const name = parts.slice(0, length).join('.');
    if (FIELD_SET.has(name)) return name as BookFormField;
  }
  if (parts[0] === 'currentValue') return 'currentValue.amount';
  return null;
}
