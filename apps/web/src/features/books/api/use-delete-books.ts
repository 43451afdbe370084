import { BookPaths } from '@bookshelf/contract';
import { api } from '../../../lib/api-client';
import { useBooksMutation } from './use-books-mutation';

const loadCount = () => import('./schemas').then((m) => m.CountResponseSchema);
const loadNothing = () => import('zod/mini').then(({ z }) => z.undefined());

/** Deleted books wait in the trash for a while, so Undo (restore) brings them back exactly as they were. */
export const deleteBook = (id: string) => api(BookPaths.one(id), loadNothing, { method: 'DELETE' });
export const deleteBooks = (ids: string[]) => api(BookPaths.bulkDelete, loadCount, { method: 'POST', body: { ids } });
export const restoreBooks = (ids: string[]) => api(BookPaths.restore, loadCount, { method: 'POST', body: { ids } });

export const useDeleteBook = () => useBooksMutation(deleteBook);
export const useDeleteBooks = () => useBooksMutation(deleteBooks);
export const useRestoreBooks = () => useBooksMutation(restoreBooks);
