/**
 * Turns what a reader typed into a full-text query of word prefixes: "great gats" finds "The Great Gatsby".
 * Anything but letters and digits is dropped, so no input can be a tsquery syntax error. Null when no word
 * is left (the search then relies on trigram similarity alone).
 */
export function prefixTsQuery(input: string): string | null {
  const words = input
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** The text the trigram index holds for a book: what a reader might type to find it, in lower case. */
export function searchTextOf(book: { title: string; author: string; isbn: string | null; tags: readonly string[] }) {
  return [book.title, book.author, book.isbn ?? '', ...book.tags].join(' ').toLowerCase();
}
