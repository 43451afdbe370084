import { BookPaths, type Book, type CreateBookRequest } from '@bookshelf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loadBookSchema } from './use-book';
import { bookKeys } from './query-keys';
import { useBooksMutation } from './use-books-mutation';

export const createBook = (body: CreateBookRequest) => api(BookPaths.list, loadBookSchema, { method: 'POST', body });

/** Adds a book; the new book is cached for its details page and every list refreshes. */
export function useCreateBook() {
  const queryClient = useQueryClient();
  return useBooksMutation(createBook, (book: Book) => queryClient.setQueryData(bookKeys.detail(book.id), book));
}
