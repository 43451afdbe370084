import * as Dialog from '@radix-ui/react-dialog';
import { Modal } from '../../../../components/ui/modal';
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
    <Modal open={open} onOpenChange={onOpenChange} width="md" closeButton={false}>
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
    </Modal>
  );
}
