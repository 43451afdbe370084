import type { Book } from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Modal } from '../../../components/ui/modal';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useUpdateBook } from '../api/use-update-book';
import { BookForm } from './book-form/book-form';
import {
  bookToFormValues,
  changedBookFields,
  formValuesToRequest,
  type BookFormValues,
} from './book-form/book-form-values';

export interface EditBookDialogProps {
  book: Book;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The book form prefilled from `book`; saving sends only the fields that changed. */
export function EditBookDialog({ book, open, onOpenChange }: EditBookDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} width="3xl">
      <EditBookBody book={book} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function EditBookBody({ book, onDone }: { book: Book; onDone: () => void }) {
  // Fixed at opening: a refetch of the book while editing must not reset what the reader typed.
  const [defaults] = useState(() => bookToFormValues(book));
  const updateBook = useUpdateBook();

  async function save(values: BookFormValues) {
    const changes = changedBookFields(formValuesToRequest(defaults), formValuesToRequest(values));
    if (Object.keys(changes).length > 0) {
      const saved = await updateBook.mutateAsync({ id: book.id, changes });
      toast({ type: 'success', title: 'Book updated', message: saved.title });
    }
    onDone();
  }

  return (
    <div className="space-y-5">
      <div className="pr-8">
        <Dialog.Title className="text-xl font-semibold tracking-tight">Edit Book</Dialog.Title>
        <Dialog.Description className="mt-1 line-clamp-1 text-sm text-gray-600 dark:text-gray-400">
          {book.title} by {book.author}
        </Dialog.Description>
      </div>
      <BookForm
        defaultValues={defaults}
        onSubmit={save}
        onCancel={onDone}
        submitLabel="Save Changes"
        busyLabel="Saving..."
        customPlatforms={book.purchaseInfo ? [book.purchaseInfo.platform] : []}
      />
    </div>
  );
}
