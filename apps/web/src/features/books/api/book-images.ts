import { BookImagePaths } from '@bookshelf/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bookKeys } from './query-keys';

// Loaded with the first answer, as the library's own schemas are (./schemas).
const schemas = () => import('./book-image-schemas');

/** Under `books`, so every change to a book (and `bookKeys.all`) refreshes its photos too. */
export const bookImageKeys = (bookId: string) => [...bookKeys.detail(bookId), 'images'] as const;

export const bookImagesQueryOptions = (bookId: string) =>
  queryOptions({
    queryKey: bookImageKeys(bookId),
    queryFn: ({ signal }) =>
      api(BookImagePaths.list(bookId), () => schemas().then((m) => m.BookImageListSchema), { signal }),
  });

export const useBookImages = (bookId: string) => useQuery(bookImagesQueryOptions(bookId));

export interface UploadBookImageVariables {
  bookId: string;
  photo: Blob;
  /** The photo this one takes the place of (Enhance Quality). */
  replace?: string;
}

export function uploadBookImage({ bookId, photo, replace }: UploadBookImageVariables) {
  const form = new FormData();
  form.append('file', photo, 'photo.jpg');
  const query = replace ? `?replace=${encodeURIComponent(replace)}` : '';
  return api(`${BookImagePaths.list(bookId)}${query}`, () => schemas().then((m) => m.BookImageSchema), {
    method: 'POST',
    body: form,
  });
}

export const deleteBookImage = ({ bookId, imageId }: { bookId: string; imageId: string }) =>
  api(BookImagePaths.one(bookId, imageId), () => schemas().then((m) => m.NoContentSchema), { method: 'DELETE' });

/** After any change the book (its `images`) and its photo list are asked for again. */
function useBookImageMutation<V extends { bookId: string }, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_result, _error, { bookId }) => queryClient.invalidateQueries({ queryKey: bookKeys.detail(bookId) }),
  });
}

export const useUploadBookImage = () => useBookImageMutation(uploadBookImage);
export const useDeleteBookImage = () => useBookImageMutation(deleteBookImage);
