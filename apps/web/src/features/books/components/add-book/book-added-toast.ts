import type { Book } from '@bookshelf/contract';
import type { ToastOptions } from '../../../../lib/toast';
import type { PhotoUploadFailure } from '../images/use-local-photos';

/**
 * What the reader is told once a book is added: that it is, with View; or, when some of its photos did not
 * upload, which ones and why, in an error toast that stays until dismissed, with the way to the book's page
 * where they can be added again. The book itself is kept either way.
 */
export function bookAddedToast(book: Book, failures: readonly PhotoUploadFailure[], view: () => void): ToastOptions {
  if (failures.length === 0) {
    return { type: 'success', title: 'Book added', message: book.title, action: { label: 'View', onClick: view } };
  }
  const one = failures.length === 1;
  const which = failures.map((f) => `Photo ${f.position} (${f.name}): ${f.message}`).join(' ');
  return {
    type: 'error',
    title: one
      ? 'Book added, but a photo was not uploaded'
      : `Book added, but ${failures.length} photos were not uploaded`,
    message: `${book.title} is in your library. ${which} Add ${one ? 'it' : 'them'} again on the book's page.`,
    action: { label: 'Open book', onClick: view },
  };
}
