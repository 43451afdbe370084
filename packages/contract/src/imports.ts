import { z } from 'zod/mini';
import { BookStatusSchema } from './books.js';
import { DUPLICATE_CHOICES, IMPORT_FORMATS, IMPORT_STATES, ImportLimits } from './import-rules.js';
import { textInput } from './wire-values.js';

/** Bulk import on the wire (issue 12): a preview first, then a job whose progress is pushed live. */

export const RowIssueSchema = z.object({ row: z.number(), message: z.string() });
export type RowIssue = z.infer<typeof RowIssueSchema>;

export const ImportSampleRowSchema = z.object({
  row: z.number(),
  title: z.string(),
  author: z.string(),
  isbn: z.nullable(z.string()),
  status: BookStatusSchema,
  /** The title of the library book (or earlier row) it duplicates, when it does. */
  duplicateOf: z.nullable(z.string()),
});

export const ImportPreviewSchema = z.object({
  id: z.string(),
  filename: z.string(),
  format: z.enum(IMPORT_FORMATS),
  /** The detected format as a reader would name it ("Goodreads library export"). */
  formatLabel: z.string(),
  /** Books in the file. */
  total: z.number(),
  /** Books that will be added as new ones. */
  toAdd: z.number(),
  /** Books already in the library (or earlier in the file): skipped or merged, as the reader chooses. */
  duplicates: z.number(),
  /** Of those, the ones a merge would change (fill a field, a reading state, a date or a tag): what Merge counts. */
  toMerge: z.number(),
  errorCount: z.number(),
  /** Rows that cannot be imported and why (the first ImportLimits.issuesListed). */
  errors: z.array(RowIssueSchema),
  sample: z.array(ImportSampleRowSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportSummarySchema = z.object({
  added: z.number(),
  merged: z.number(),
  skipped: z.number(),
  failed: z.number(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportStatusSchema = z.object({
  id: z.string(),
  filename: z.string(),
  format: z.enum(IMPORT_FORMATS),
  formatLabel: z.string(),
  state: z.enum(IMPORT_STATES),
  duplicates: z.nullable(z.enum(DUPLICATE_CHOICES)),
  progress: z.object({ current: z.number(), total: z.number() }),
  summary: ImportSummarySchema,
  failures: z.array(RowIssueSchema),
  /** Why a failed import stopped (the file could not be read any more, say); null otherwise. */
  error: z.nullable(z.string()),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

export const ImportListSchema = z.object({ items: z.array(ImportStatusSchema) });
export type ImportList = z.infer<typeof ImportListSchema>;

/** The JSON form of POST /api/imports, for scripts and for the web (which reads the file itself). */
export const CreateImportJsonSchema = z.object({
  text: z.string().check(z.maxLength(ImportLimits.maxBytes, 'The file is larger than 50 MB.')),
  filename: textInput().check(z.trim(), z.minLength(1, 'Filename is required.'), z.maxLength(255)),
});

/** duplicates: merge when absent (issue 27: skipping lost the ratings, shelves and dates a file holds). */
export const StartImportSchema = z.object({ duplicates: z.optional(z.enum(DUPLICATE_CHOICES)) });
export type StartImportRequest = z.infer<typeof StartImportSchema>;
