/**
 * How many of the user's books have the status read, for the reading goal (spec core.md §2).
 * The one place to wire it: the library issue answers it from GET /api/books/facets. Until books are stored
 * on the server there are none to count, so it is 0.
 */
export function useBooksReadCount(): number {
  return 0;
}
