import { normaliseNote, ReadingMessages, ReadingPaths, type Bookmark } from '@bookshelf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { fillReadingPath, progressRequest } from './progress-request';
import { readingKeys } from './query-keys';

const loadListSchema = () => import('./reader-schemas').then((m) => m.BookmarkListSchema);
const loadBookmarkSchema = () => import('./reader-schemas').then((m) => m.BookmarkSchema);
const loadAnySchema = () => import('./reader-schemas').then((m) => m.AnyAnswerSchema);

const byPage = (a: Bookmark, b: Bookmark) => a.pageNumber - b.pageNumber || a.createdAt.localeCompare(b.createdAt);

/** A file's bookmarks (core.md §7), in page order; a failure says Failed to fetch bookmarks (§8). */
export function useBookmarks(fileId: string, enabled = true) {
  const query = useQuery({
    enabled,
    queryKey: readingKeys.bookmarks(fileId),
    queryFn: ({ signal }) =>
      progressRequest(fillReadingPath(ReadingPaths.bookmarks, { fileId }), loadListSchema, { signal }),
    select: (list) => [...list].sort(byPage),
  });
  const { error } = query;
  useEffect(() => {
    if (error) toast.error(ReadingMessages.fetchBookmarksFailed, errorMessage(error));
  }, [error]);
  return query;
}

export interface NewBookmark {
  pageNumber: number;
  note: string;
  location: string | null;
}

/** Adds a bookmark (core.md §7); a failure raises the dismissible "Failed to add bookmark" (§8). */
export function useAddBookmark(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageNumber, note, location }: NewBookmark) =>
      progressRequest(ReadingPaths.addBookmark, loadBookmarkSchema, {
        method: 'POST',
        body: { fileId, pageNumber, note: normaliseNote(note), location, createdAt: new Date().toISOString() },
      }),
    onSuccess: (bookmark) => {
      queryClient.setQueryData<Bookmark[]>(readingKeys.bookmarks(fileId), (list) => [
        ...(list ?? []).filter((b) => b.id !== bookmark.id),
        bookmark,
      ]);
    },
    onError: (error) => toast.error(ReadingMessages.addBookmarkFailed, errorMessage(error)),
  });
}

/** Removes one at once; a failure puts it back and raises "Failed to remove bookmark" (§8). */
export function useRemoveBookmark(fileId: string) {
  const queryClient = useQueryClient();
  const key = readingKeys.bookmarks(fileId);
  return useMutation({
    mutationFn: (bookmark: Bookmark) =>
      progressRequest(fillReadingPath(ReadingPaths.bookmark, { id: bookmark.id }), loadAnySchema, {
        method: 'DELETE',
      }),
    onMutate: async (bookmark: Bookmark) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Bookmark[]>(key);
      queryClient.setQueryData<Bookmark[]>(key, (list) => list?.filter((b) => b.id !== bookmark.id));
      return { before };
    },
    onError: (error, _bookmark, context) => {
      queryClient.setQueryData(key, context?.before);
      toast.error(ReadingMessages.removeBookmarkFailed, errorMessage(error));
    },
  });
}
