import type { BookStatus } from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Modal } from '../../../components/ui/modal';
import * as Tabs from '@radix-ui/react-tabs';
import { Barcode, FileSpreadsheet, Keyboard, ScanSearch } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useCreateBook } from '../api/use-create-book';
import { BookForm } from './book-form/book-form';
import { emptyBookFormValues, formValuesToCreateRequest, type BookFormValues } from './book-form/book-form-values';
import { bookDetailsPath, LIBRARY_PATH } from '../lib/book-routes';
import { BarcodeScan } from './add-book/barcode-scan';
import { BulkImport } from './add-book/bulk-import';
import { IsbnLookupPanel } from './add-book/isbn-lookup';
import { AddBookPhotos } from './add-book/add-book-photos';
import { bookAddedToast } from './add-book/book-added-toast';
import { useLocalPhotos } from './images/use-local-photos';

export interface AddBookDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The status the form starts with (Add to Wishlist: wishlist); the form's default otherwise. */
  initialStatus?: BookStatus | undefined;
}

const MODES = [
  { value: 'manual', label: 'Manual Entry', Icon: Keyboard },
  { value: 'isbn', label: 'ISBN Lookup', Icon: ScanSearch },
  { value: 'barcode', label: 'Barcode Scan', Icon: Barcode },
  { value: 'csv', label: 'Bulk Import from CSV', Icon: FileSpreadsheet },
] as const;

const tabClass =
  'inline-flex flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-gray-600 transition-colors hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm dark:text-gray-400 dark:hover:text-gray-100 dark:data-[state=active]:bg-gray-950 dark:data-[state=active]:text-gray-100';

/** The Add New Book dialog (core.md §2). Loaded lazily, the first time ?add=1 is in the address. */
export function AddBookDialog({ open, onOpenChange, initialStatus }: AddBookDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} width="3xl">
      {/* Mounted only while open, so each opening starts with an empty form on Manual Entry. */}
      <AddBookBody
        initialStatus={initialStatus}
        onDone={() => onOpenChange(false)}
        onCancel={() => onOpenChange(false)}
      />
    </Modal>
  );
}

function AddBookBody({
  onDone,
  onCancel,
  initialStatus,
}: {
  onDone: () => void;
  onCancel: () => void;
  initialStatus: BookStatus | undefined;
}) {
  const [mode, setMode] = useState<string>('manual');
  const emptyValues = (): BookFormValues => ({
    ...emptyBookFormValues(),
    ...(initialStatus ? { status: initialStatus } : {}),
  });
  const [defaults, setDefaults] = useState(emptyValues);
  // Remounts Manual Entry's form when another mode hands it values (a failed lookup's ISBN).
  const [manualKey, setManualKey] = useState(0);
  // An ISBN read by Barcode Scan, which ISBN Lookup looks up at once (a new one remounts the panel to do so).
  const [scannedIsbn, setScannedIsbn] = useState('');
  const createBook = useCreateBook();
  const navigate = useNavigate();
  // Kept here, not in a form: Manual Entry and ISBN Lookup show the same photos, and tabs unmount their forms.
  const photos = useLocalPhotos();
  const photosPart = <AddBookPhotos photos={photos} />;

  async function save(values: BookFormValues) {
    const book = await createBook.mutateAsync(formValuesToCreateRequest(values));
    // The book exists now: a photo that fails to upload is reported, never undoes it.
    const failures = await photos.uploadTo(book.id);
    toast(bookAddedToast(book, failures, () => void navigate(bookDetailsPath(book.id))));
    onDone();
  }

  return (
    <div className="space-y-5">
      <div className="pr-8">
        <Dialog.Title className="text-xl font-semibold tracking-tight">Add New Book</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Enter the details yourself, or choose another way to add books.
        </Dialog.Description>
      </div>
      <Tabs.Root value={mode} onValueChange={setMode} className="space-y-4">
        <Tabs.List
          aria-label="How to add books"
          className="grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1 sm:flex dark:bg-gray-900"
        >
          {MODES.map(({ value, label, Icon }) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              <Icon aria-hidden className="size-4 shrink-0" />
              <span className="truncate">{label}</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="manual" className="focus-visible:outline-none">
          <BookForm
            key={manualKey}
            defaultValues={defaults}
            photos={photosPart}
            onSubmit={save}
            onCancel={onCancel}
            submitLabel="Add Book"
            busyLabel="Adding..."
          />
        </Tabs.Content>
        <Tabs.Content value="isbn" className="focus-visible:outline-none">
          <IsbnLookupPanel
            key={scannedIsbn}
            initialIsbn={scannedIsbn}
            initialStatus={initialStatus}
            photos={photosPart}
            onSave={save}
            onCancel={onCancel}
            onEnterManually={(isbn) => {
              setDefaults({ ...emptyValues(), isbn });
              setManualKey((k) => k + 1);
              setMode('manual');
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="barcode" className="focus-visible:outline-none">
          <BarcodeScan
            onIsbn={(isbn) => {
              setScannedIsbn(isbn);
              setMode('isbn');
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="csv" className="focus-visible:outline-none">
          <BulkImport
            onViewLibrary={() => {
              onDone();
              void navigate(LIBRARY_PATH);
            }}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
