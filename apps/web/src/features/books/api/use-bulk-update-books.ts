import { BookPaths, type BookState, type BulkUpdateBooksRequest } from '@bookshelf/contract';
import { api } from '../../../lib/api-client';
import { useBooksMutation } from './use-books-mutation';

const loadBulkResponse = () => import('./schemas').then((m) => m.BulkUpdateBooksResponseSchema);
const loadCount = () => import('./schemas').then((m) => m.CountResponseSchema);

/** Status change, add tag or remove tag on many books; the answer holds what they were, for Undo. */
export const bulkUpdateBooks = (body: BulkUpdateBooksRequest) =>
  api(BookPaths.bulk, loadBulkResponse, { method: 'POST', body });

/** Puts status, dateRead and tags back exactly as a bulk change found them. */
export const revertBooks = (books: BookState[]) =>
  api(BookPaths.revert, loadCount, { method: 'POST', body: { books } });

export const useBulkUpdateBooks = () => useBooksMutation(bulkUpdateBooks);
export const useRevertBooks = () => useBooksMutation(revertBooks);
