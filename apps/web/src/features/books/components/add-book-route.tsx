import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AddBookDialog } from '../../../app/screens';

/** The address parameter that opens the Add New Book dialog over any signed-in page (the header's Add Book). */
export const ADD_BOOK_PARAM = 'add';

/**
 * Opens the Add New Book dialog while the address has ?add=1, on any signed-in page; closing it takes the
 * parameter away again. The dialog's chunk loads on the first opening and then stays mounted, so its close
 * animation and a toast's View action still work after it shuts.
 */
export function AddBookRoute() {
  const [params, setParams] = useSearchParams();
  const open = params.get(ADD_BOOK_PARAM) === '1';
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;

  function onOpenChange(next: boolean) {
    if (next) return;
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.delete(ADD_BOOK_PARAM);
        return copy;
      },
      { replace: true },
    );
  }

  return (
    <Suspense fallback={null}>
      <AddBookDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
