import { BookPaths, FILE_BOOK_PATH, type Book, type BookListQuery, type CreateBookRequest } from '@bookshelf/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { bookKeys, booksQueryOptions } from '../../books/public';
import { cloudDriveKeys } from '../../cloud-drives/public';
import { fillReadingPath } from './progress-request';

const loadBookSchema = () => import('./reader-schemas').then((m) => m.BookSchema);
const loadLinkSchema = () => import('./reader-schemas').then((m) => m.FileBookLinkSchema);

/** Books offered in the Link to book dialog. */
export const BOOK_PICK_LIMIT = 20;

/** The library book a file is linked to, under the library's own key so every change to it shows here. */
export function useLinkedBook(bookId: string | null) {
  return useQuery({
    queryKey: bookKeys.detail(bookId ?? ''),
    queryFn: ({ signal }) => api(BookPaths.one(bookId!), loadBookSchema, { signal }),
    enabled: bookId !== null,
  });
}

/** The reader's books matching a search (all of them, newest first, without one). */
export function useBookSearch(search: string, enabled: boolean) {
  const q = search.trim();
  const query: BookListQuery = q ? { q, limit: BOOK_PICK_LIMIT } : { limit: BOOK_PICK_LIMIT };
  return useQuery({ ...booksQueryOptions(query), enabled, placeholderData: keepPreviousData });
}

const linkFileBook = (fileId: string, bookId: string | null) =>
  api(fillReadingPath(FILE_BOOK_PATH, { id: fileId }), loadLinkSchema, { method: 'PUT', body: { bookId } });

export type LinkChoice = { book: Book } | { create: Pick<CreateBookRequest, 'title' | 'author'> } | { unlink: true };

/**
 * Links a drive file to a library book, made first when asked (PUT /api/cloud-drives/files/{id}/book). The
 * file lists refetch, so the file's bookId is the server's everywhere.
 */
export function useLinkFileBook(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: LinkChoice): Promise<Book | null> => {
      if ('unlink' in choice) {
        await linkFileBook(fileId, null);
        return null;
      }
      const book =
        'book' in choice
          ? choice.book
          : await api(BookPaths.list, loadBookSchema, {
              method: 'POST',
              body: { ...choice.create, format: 'digital', status: 'reading' } satisfies CreateBookRequest,
            });
      await linkFileBook(fileId, book.id);
      return book;
    },
    onSuccess: (book, choice) => {
      if (book) queryClient.setQueryData(bookKeys.detail(book.id), book);
      if ('create' in choice) void queryClient.invalidateQueries({ queryKey: bookKeys.all });
      void queryClient.invalidateQueries({ queryKey: cloudDriveKeys.allFiles() });
      toast.success(book ? 'Linked to book' : 'Book unlinked', book ? book.title : undefined);
    },
    onError: (error) => toast.error('Failed to link book', errorMessage(error)),
  });
}

/** Reaching the last page offers this: the linked book's status becomes read (its dateRead set by the server). */
export function useMarkBookRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (book: Book) =>
      api(BookPaths.one(book.id), loadBookSchema, { method: 'PATCH', body: { status: 'read' } }),
    onSuccess: (book) => {
      queryClient.setQueryData(bookKeys.detail(book.id), book);
      toast.success('Marked as read', book.title);
    },
    onError: (error) => toast.error('Failed to mark as read', errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookKeys.all }),
  });
}
