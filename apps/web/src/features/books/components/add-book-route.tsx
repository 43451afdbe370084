import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AddBookDialog } from '../../../app/screens';

/** The address parameter that opens the Add New Book dialog over any signed-in page (the header's Add Book). */
export const ADD_BOOK_PARAM = 'add';

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
 * parameter away again. The dialog's chunk loads on the first opening and then stays mounted, so its close
 * animation and a toast's View action still work after it shuts.
 */
export function AddBookRoute() {
  const { search } = useLocation();
  const open = new URLSearchParams(search).get(ADD_BOOK_PARAM) === '1';
  const setOpen = useAddBookParam();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;

  return (
    <Suspense fallback={null}>
      <AddBookDialog open={open} onOpenChange={(next) => !next && setOpen(false)} />
    </Suspense>
  );
}
