/*
 * The library's addresses in the app (spec core.md §2), with no imports: the header's search box and other
 * features' links use them on every signed-in page.
 */

export const LIBRARY_PATH = '/books';

export const bookDetailsPath = (id: string) => `${LIBRARY_PATH}/${encodeURIComponent(id)}`;

/** The address parameter that opens the Add New Book dialog over any signed-in page (add-book-route.tsx). */
export const ADD_BOOK_PARAM = 'add';

/** The search that opens Add New Book over the page the reader is on: a link `to={{ search: ADD_BOOK_SEARCH }}`. */
export const ADD_BOOK_SEARCH = `?${ADD_BOOK_PARAM}=1`;

/** The search that opens Add New Book with the status Wishlist chosen (the wishlist's Add to Wishlist). */
export const ADD_TO_WISHLIST_SEARCH = `?${ADD_BOOK_PARAM}=wishlist`;
