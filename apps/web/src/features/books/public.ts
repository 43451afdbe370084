/*
 * What other features may use of the library, and the only module of features/books they may import
 * (tools/eslint/feature-boundaries.js): its addresses, query keys and the query options of its reads, so another
 * feature's list shares the library's cache and is refreshed by every change to a book. Side-effect free and
 * light, since it lands in the importing feature's download: no components, no schemas (fetchers load those on
 * the first answer).
 */
export { ADD_BOOK_SEARCH, ADD_TO_WISHLIST_SEARCH, bookDetailsPath, LIBRARY_PATH } from './lib/book-routes';
export { bookKeys, importKeys } from './api/query-keys';
export { bookFacetsQueryOptions } from './api/use-book-facets';
export { booksQueryOptions } from './api/use-books';
