/**
 * The words of a search, lower-cased, at most 12; each must match the book, whole, as a prefix or misspelt.
 * Anything but letters and digits is dropped, so no input can be a tsquery syntax error.
 */
export function searchWords(input: string): string[] {
  return input
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/** Numbers (an ISBN, a year) are not misspelt the way words are: near-identical ISBNs are other books. */
export const mayBeMisspelt = (word: string) => /\p{L}/u.test(word);

/** The text the trigram index holds for a book: what a reader might type to find it, in lower case. */
export function searchTextOf(book: { title: string; author: string; isbn: string | null; tags: readonly string[] }) {
  return [book.title, book.author, book.isbn ?? '', ...book.tags].join(' ').toLowerCase();
}
