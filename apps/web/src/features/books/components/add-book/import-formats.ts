/** The files the import reads (core.md §2 lists the first three; issue 12 adds the rest). */
export const CSV_FORMATS = [
  'Goodreads export CSV',
  'Custom CSV with Title, Author, ISBN columns',
  'LibraryThing export',
  'The StoryGraph export CSV',
  'Bookshelf export (CSV or JSON)',
] as const;
