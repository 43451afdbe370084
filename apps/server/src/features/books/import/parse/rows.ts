import {
  BookLimits,
  CreateBookRequestSchema,
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  DEFAULT_BOOK_STATUS,
  normalizeIsbn,
  normalizeStatus,
  normalizeTags,
  type BindingType,
  type BookFormat,
  type CreateBookRequest,
} from '@bookshelf/contract';
import type { ImportFormat } from './formats.js';

export interface ImportedBook {
  input: CreateBookRequest;
  /** ISO instant */
  dateAdded?: string;
}

export interface ParsedRow {
  /** Where the book is in the file: its spreadsheet row (header = row 1) in a CSV, its entry (from 1) in JSON */
  row: number;
  book?: ImportedBook;
  error?: string;
}

export interface ParsedFile {
  format: ImportFormat;
  rows: ParsedRow[];
}

/** Blank is absent: a mapper leaves out what a file left empty rather than sending ''. */
export const present = (text: string | undefined): string | undefined => (text?.trim() ? text.trim() : undefined);

/** The items of a list cell, trimmed, blanks dropped. */
export const splitList = (text: string, separator: RegExp = /,/): string[] =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * The ISBN-13 a cell names, or undefined. Goodreads writes `="0439023483"` (a formula, so spreadsheets keep the
 * leading zero) and `=""` for none; LibraryThing writes `[0439023483]` or a list. An ISBN that is not valid is
 * dropped rather than failing the row: the book is still worth importing without it.
 */
export function cleanIsbn(raw: string | undefined): string | undefined {
  const text = raw
    ?.replace(/^\s*=/, '')
    .replace(/["'[\]]/g, ' ')
    .trim();
  if (!text) return undefined;
  const whole = normalizeIsbn(text);
  if (whole) return whole;
  for (const part of text.split(/[\s,;|]+/)) {
    const isbn = normalizeIsbn(part);
    if (isbn) return isbn;
  }
  return undefined;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 1–12 for a month's name or its abbreviation of three letters or more (Sept too), else undefined. */
function monthOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return undefined;
  const index = MONTHS.findIndex((month) => month.startsWith(w) || (w === 'sept' && month === 'september'));
  return index < 0 ? undefined : index + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day as YYYY-MM-DD when it exists in the calendar and its year has four digits (as the schema wants). */
function dayOf(year: number, month: number | undefined, day: number): string | undefined {
  if (month === undefined || year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const NUMERIC_DAY = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:$|[T\s])/;
const MONTH_FIRST = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})$/i;

/**
 * A calendar day as YYYY-MM-DD from the ways exports write one (2019/05/03, 2019-5-3, '2019/05/03 10:00',
 * 'May 3, 2019', '3 May 2019'), or undefined. 05/03/2019 is refused: it is the 5th of March or the 3rd of May
 * depending on who typed it.
 */
export function parseDay(raw: string | undefined): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  let match = NUMERIC_DAY.exec(text);
  if (match) return dayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = MONTH_FIRST.exec(text);
  if (match) return dayOf(Number(match[3]), monthOf(match[1] ?? ''), Number(match[2]));
  match = DAY_FIRST.exec(text);
  if (match) return dayOf(Number(match[3]), monthOf(match[2] ?? ''), Number(match[1]));
  return undefined;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** When a book was added, as an ISO instant: an instant as written, or a day taken as its midnight UTC. */
export function addedAt(raw: string | undefined): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  if (INSTANT.test(text)) {
    const date = new Date(text);
    const year = date.getUTCFullYear();
    return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX ? date.toISOString() : undefined;
  }
  const day = parseDay(text);
  return day && `${day}T00:00:00.000Z`;
}

/**
 * 'Collins, Suzanne' as 'Suzanne Collins'. Anything else is left as written: two commas ('King, Jr., Martin
 * Luther') or several people ('Gaiman, Neil & Pratchett, Terry') cannot be turned around safely.
 */
export function authorFirstLast(raw: string): string {
  const name = raw.trim();
  if (/ and |&|;/i.test(name)) return name;
  const parts = name.split(',');
  if (parts.length !== 2) return name;
  const [last = '', first = ''] = parts.map((part) => part.trim());
  return last && first ? `${first} ${last}` : name;
}

/**
 * Stars from 1 to 5, or undefined for none. Goodreads writes 0 for unrated; LibraryThing and The StoryGraph
 * give halves and quarters, which become the nearest whole star.
 */
export function rating(raw: string | number | undefined): number | undefined {
  const text = String(raw ?? '')
    .trim()
    .replace(',', '.');
  if (!text) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > BookLimits.ratingMax) return undefined;
  const whole = Math.round(value);
  return whole >= 1 ? whole : undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntity(entity: string, name: string): string {
  const lower = name.toLowerCase();
  if (!lower.startsWith('#')) return ENTITIES[lower] ?? entity;
  const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
  // NUL and surrogates are text the database cannot store; such an entity stays as written.
  const storable = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return storable ? String.fromCodePoint(code) : entity;
}

/**
 * A review as plain text. Goodreads keeps reviews as HTML (line breaks as <br/>, & as &amp;); only things
 * shaped like tags are removed, so "a < b" in a plain review survives.
 */
export function reviewText(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const text = raw
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?[a-z][^<>]*>/gi, '')
    // One pass, so "&amp;lt;" becomes "&lt;" and not "<".
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntity);
  return present(text);
}

export interface Binding {
  format: BookFormat;
  bindingType?: BindingType;
}

/** Most specific first: "Mass Market Paperback" is a paperback too, and "Audio CD" names no binding. */
const BINDINGS: [RegExp, Binding][] = [
  [/audio|audible|mp3|\bcd\b/, { format: 'audiobook' }],
  [/kindle|e-?book|nook|digital|epub|\bpdf\b/, { format: 'digital' }],
  [/mass[\s-]*market/, { format: 'physical', bindingType: 'mass-market' }],
  [/hard\s*(?:cover|back)/, { format: 'physical', bindingType: 'hardcover' }],
  [/paper\s*back/, { format: 'physical', bindingType: 'paperback' }],
  [/spiral/, { format: 'physical', bindingType: 'spiral' }],
  [/leather/, { format: 'physical', bindingType: 'leather-bound' }],
  [/board\s*book/, { format: 'physical', bindingType: 'board-book' }],
  [/cloth/, { format: 'physical', bindingType: 'cloth' }],
];

/** The format and binding a service's free-text binding or media names; anything unknown is a physical book. */
export function bindingOf(raw: string | undefined): Binding {
  const text = (raw ?? '').toLowerCase();
  const found = text ? BINDINGS.find(([pattern]) => pattern.test(text)) : undefined;
  return found ? { ...found[1] } : { format: 'physical' };
}

/** A whole number cell: blank is none; anything else goes to the schema, which says what is wrong with it. */
export function numberOf(raw: string | undefined): number | undefined {
  const text = raw?.replace(/\s+/g, '');
  return text ? Number(text) : undefined;
}

/** Exports write 0 pages for unknown. */
export function pagesOf(raw: string | undefined): number | undefined {
  const pages = numberOf(raw);
  return pages === 0 ? undefined : pages;
}

/** A candidate book: the fields of a create request, their values not yet checked. */
export type BookCandidate = { [K in keyof CreateBookRequest]?: unknown };

/** The contract's limit for genre, which BookLimits does not name. */
const GENRE_MAX = 100;

const TEXT_LIMITS = {
  title: BookLimits.titleMax,
  author: BookLimits.authorMax,
  publisher: BookLimits.textMax,
  genre: GENRE_MAX,
  notes: BookLimits.notesMax,
  review: BookLimits.reviewMax,
} as const;

/** Text cut to `max` characters, an ellipsis saying so, without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  let end = max - 1;
  const last = trimmed.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${trimmed.slice(0, end).trimEnd()}…`;
}

/**
 * Other services allow longer text and more tags than we do; a long review is no reason to refuse a book,
 * so it is shortened, and tags past the limit are left out.
 */
function withinLimits(candidate: BookCandidate): BookCandidate {
  const out = { ...candidate };
  for (const [field, max] of Object.entries(TEXT_LIMITS) as [keyof typeof TEXT_LIMITS, number][]) {
    const value = out[field];
    if (typeof value === 'string') out[field] = clip(value, max);
  }
  const { tags } = out;
  if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) {
    out.tags = normalizeTags(tags.map((tag: string) => clip(tag, BookLimits.tagMax))).slice(0, BookLimits.tagsMax);
  }
  return out;
}

const LABELS: Record<string, string> = {
  isbn: 'ISBN',
  coverUrl: 'Cover URL',
  images: 'Image URL',
  purchaseInfo: 'Purchase',
};

/** 'publishedYear' as 'Published year'. */
const labelOf = (key: string) => {
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return LABELS[key] ?? words.charAt(0).toUpperCase() + words.slice(1);
};

interface Issue {
  path: PropertyKey[];
  message: string;
  code: string;
  values?: unknown;
}

/** The schema's own message when it names the field; zod's bare "Invalid input" is given the field's name. */
function describe(issue: Issue): string {
  if (issue.message !== 'Invalid input') return issue.message;
  const key = issue.path.findLast((segment): segment is string => typeof segment === 'string');
  const label = key ? labelOf(key) : 'A field';
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) {
    return `${label} must be one of ${issue.values.map(String).join(', ')}.`;
  }
  return `${label} is not valid.`;
}

/**
 * The row's book once the contract accepts it, or the reasons it does not. The service refuses a date read on
 * a book that is not read and a binding on one that is not physical; an import drops those instead, as
 * other services keep them freely.
 */
export function finishRow(row: number, candidate: BookCandidate, dateAdded?: string): ParsedRow {
  const result = CreateBookRequestSchema.safeParse(withinLimits(candidate));
  if (!result.success) {
    const messages = new Set(result.error.issues.map(describe));
    return { row, error: [...messages].join(' ') };
  }
  const input: CreateBookRequest = result.data;
  if (input.dateRead && normalizeStatus(input.status ?? DEFAULT_BOOK_STATUS) !== 'read') delete input.dateRead;
  if (input.bindingType && input.format && input.format !== 'physical') delete input.bindingType;
  return { row, book: dateAdded ? { input, dateAdded } : { input } };
}
