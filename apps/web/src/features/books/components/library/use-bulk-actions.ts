import { BOOK_STATUS_LABELS, type BookState, type BookStatus } from '@bookshelf/contract';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { useBulkUpdateBooks, useRevertBooks } from '../../api/use-bulk-update-books';
import { useDeleteBooks, useRestoreBooks } from '../../api/use-delete-books';
import { bookCount } from '../../lib/book-count';

/**
 * The selection bar's actions. Each answers with a toast whose Undo puts things back exactly: a status or tag
 * change is reverted from the `previous` states the server returned; deleted books are restored from the trash.
 */
export function useBulkActions(onDone: () => void) {
  const bulk = useBulkUpdateBooks();
  const revert = useRevertBooks();
  const remove = useDeleteBooks();
  const restore = useRestoreBooks();
  const busy = bulk.isPending || remove.isPending;

  const failed = (error: unknown) => toast.error('That did not work', errorMessage(error));

  function undoChange(previous: BookState[]) {
    if (previous.length === 0) return;
    revert.mutate(previous, {
      onSuccess: () => toast.success('Change undone'),
      onError: failed,
    });
  }

  function change(ids: string[], body: { status: BookStatus } | { addTag: string } | { removeTag: string }) {
    bulk.mutate(
      { ids, ...body },
      {
        onSuccess: ({ updated, previous }) => {
          const title =
            'status' in body
              ? `${bookCount(updated)} marked ${BOOK_STATUS_LABELS[body.status]}`
              : 'addTag' in body
                ? `Tag "${body.addTag}" added to ${bookCount(updated)}`
                : `Tag "${body.removeTag}" removed from ${bookCount(updated)}`;
          toast({
            type: 'success',
            title,
            action: { label: 'Undo', onClick: () => undoChange(previous) },
          });
          onDone();
        },
        onError: failed,
      },
    );
  }

  function deleteAll(ids: string[]) {
    remove.mutate(ids, {
      onSuccess: ({ count }) => {
        toast({
          type: 'success',
          title: `${bookCount(count)} deleted`,
          action: {
            label: 'Undo',
            onClick: () =>
              restore.mutate(ids, {
                onSuccess: (restored) => toast.success(`${bookCount(restored.count)} restored`),
                onError: failed,
              }),
          },
        });
        onDone();
      },
      onError: failed,
    });
  }

  return {
    busy,
    setStatus: (ids: string[], status: BookStatus) => change(ids, { status }),
    addTag: (ids: string[], tag: string) => {
      const trimmed = tag.trim();
      if (trimmed) change(ids, { addTag: trimmed });
    },
    removeTag: (ids: string[], tag: string) => {
      const trimmed = tag.trim();
      if (trimmed) change(ids, { removeTag: trimmed });
    },
    deleteAll,
  };
}
