/*
 * The reader's response schemas, loaded by the fetchers on the first answer (development and tests) and for
 * checking saved preferences, so zod stays out of every first download.
 */
import { FileProgressSchema } from '@bookshelf/contract';
import { z } from 'zod/mini';

export {
  BookListSchema,
  BookSchema,
  BookmarkListSchema,
  BookmarkSchema,
  FileBookLinkSchema,
  FileProgressSchema,
  ReadingPreferencesSchema,
  ReadingSessionSchema,
} from '@bookshelf/contract';

/** Saved progress as it arrives: its preferences are checked by the reader, which ignores bad ones (core.md §5). */
export const StoredFileProgressSchema = z.extend(FileProgressSchema, { readingPreferences: z.unknown() });

/** A DELETE's answer: none (204) or a body the reader does not need. */
export const AnyAnswerSchema = z.unknown();
