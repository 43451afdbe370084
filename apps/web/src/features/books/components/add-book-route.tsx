import type { BookStatus } from '@bookshelf/contract';
import { Suspense, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { DialogProps } from '../../../components/ui/modal';
import { ADD_BOOK_PARAM } from '../lib/book-routes';

/**
 * Sets or clears ?add=1 on the address the reader is at. The entry is replaced, path and navigation state
 * (a details page's Back target) kept: opening the dialog is no move to another page, and Back never just
 * reopens or closes it.
 */
function useAddBookParam(): (open: boolean) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return (open) => {
    const params = new URLSearchParams(location.search);
    if (open) params.set(ADD_BOOK_PARAM, '1');
    else params.delete(ADD_BOOK_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  };
}

/** Opens the Add New Book dialog over the current page, wherever the reader is (the header's Add Book). */
export function useOpenAddBook(): () => void {
  const setOpen = useAddBookParam();
  return () => setOpen(true);
}

/**
 * Opens the Add New Book dialog while the address has ?add=1, on any signed-in page; closing it takes the
 * parameter away again. ?add=wishlist opens it with the status Wishlist chosen (the wishlist's Add to
 * Wishlist). The dialog's chunk loads on the first opening and then stays mounted, so its close animation and
 * a toast's View action still work after it shuts. `dialog` is AddBookDialog, lazily loaded: app/ declares the
 * lazy screens (app/screens.ts) and passes it in.
 */
export function AddBookRoute({
  dialog: AddBookDialog,
}: {
  dialog: ComponentType<DialogProps & { initialStatus?: BookStatus | undefined }>;
}) {
  const { search } = useLocation();
  const value = new URLSearchParams(search).get(ADD_BOOK_PARAM);
  // ?add=1, or ?add=wishlist to start with that status chosen (the wishlist's Add to Wishlist).
  const initialStatus = value === 'wishlist' ? value : undefined;
  const open = value === '1' || initialStatus !== undefined;
  const setOpen = useAddBookParam();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;

  return (
    <Suspense fallback={null}>
      <AddBookDialog open={open} initialStatus={initialStatus} onOpenChange={(next) => !next && setOpen(false)} />
    </Suspense>
  );
}
