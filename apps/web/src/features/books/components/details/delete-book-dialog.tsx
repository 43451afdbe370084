import * as Dialog from '@radix-ui/react-dialog';
import { dangerButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';

interface DeleteBookDialogProps {
  title: string;
  open: boolean;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** Asks before deleting; the toast that follows offers Undo. */
export function DeleteBookDialog({ title, open, busy, onOpenChange, onConfirm }: DeleteBookDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-gray-200 bg-white p-6 text-gray-900 shadow-xl focus:outline-none dark:border-gray-800 dark:bg-gray-950 dark:text-gray-100">
          <Dialog.Title className="text-lg font-semibold break-words">Delete &quot;{title}&quot;?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">
            The book leaves your library. You can undo this for a little while afterwards.
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close className={secondaryButtonClass} disabled={busy}>
              Cancel
            </Dialog.Close>
            <button type="button" className={dangerButtonClass} disabled={busy} onClick={onConfirm}>
              {busy ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
