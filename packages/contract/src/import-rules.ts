/** Bulk import's rules and texts (issue 12), zod-free for the dialog's first download. */

export const IMPORT_STATES = ['preview', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const DUPLICATE_CHOICES = ['skip', 'merge'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];
/** Merging keeps what the reader's file holds; skipping is the choice to make on purpose (issue 27). */
export const DEFAULT_DUPLICATE_CHOICE: DuplicateChoice = 'merge';

export const IMPORT_FORMATS = [
  'goodreads',
  'librarything',
  'storygraph',
  'bookshelf-json',
  'bookshelf-csv',
  'generic-csv',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const ImportLimits = {
  /** The largest file accepted. */
  maxBytes: 50 * 1024 * 1024,
  /** Rows with problems listed in a preview or a status; the failures download has them all. */
  issuesListed: 1000,
  /** Rows shown in a preview's sample. */
  sampleRows: 10,
} as const;

export const ImportMessages = {
  notFound: 'Import not found.',
  tooLarge: 'The file is larger than 50 MB.',
  noFile: 'Choose a file to import: a multipart field named file, or JSON with text and filename.',
  notText: 'This is not a text file. Export your library as CSV or JSON and import that file.',
  alreadyStarted: 'This import has already been started.',
  notRunning: 'This import is not running.',
  cancelled: 'The import was cancelled. The books added before that stay in your library.',
  stopped: 'The import stopped after repeated errors. The books added before that stay in your library.',
} as const;

export const ImportPaths = {
  list: '/api/imports',
  one: (id: string) => `/api/imports/${encodeURIComponent(id)}`,
  start: (id: string) => `/api/imports/${encodeURIComponent(id)}/start`,
  failures: (id: string) => `/api/imports/${encodeURIComponent(id)}/failures.csv`,
  cancel: (id: string) => `/api/imports/${encodeURIComponent(id)}/cancel`,
} as const;

export const isFinishedImport = (state: ImportState) => state === 'done' || state === 'failed';
