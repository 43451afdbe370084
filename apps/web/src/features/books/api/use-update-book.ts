import { BookPaths, type Book, type UpdateBookRequest } from '@bookshelf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadBookSchema } from './use-book';
import { bookKeys } from './query-keys';
import { useBooksMutation } from './use-books-mutation';

export interface UpdateBookVariables {
  id: string;
  changes: UpdateBookRequest;
}

export const updateBook = ({ id, changes }: UpdateBookVariables) =>
  api(BookPaths.one(id), loadBookSchema, { method: 'PATCH', body: changes });

/** Saves changes to one book; the server's answer (with dateRead set by the status rules) replaces the cache. */
export function useUpdateBook() {
  const queryClient = useQueryClient();
  return useBooksMutation(updateBook, (book: Book) => queryClient.setQueryData(bookKeys.detail(book.id), book));
}
