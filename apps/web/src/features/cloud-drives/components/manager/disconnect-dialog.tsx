import { CloudDriveMessages } from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Modal } from '../../../../components/ui/modal';
import { dangerButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';

interface DisconnectDialogProps {
  account: string | null;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** The spec's confirmation before a drive is disconnected (core.md §4). */
export function DisconnectDialog({ account, busy, onOpenChange, onConfirm }: DisconnectDialogProps) {
  return (
    <Modal open={account !== null} onOpenChange={onOpenChange} width="md" closeButton={false}>
      <Dialog.Title className="text-lg font-semibold">Disconnect drive</Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        {account !== null && CloudDriveMessages.disconnectConfirm(account)}
      </Dialog.Description>
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close className={secondaryButtonClass}>Cancel</Dialog.Close>
        <button type="button" className={dangerButtonClass} disabled={busy} aria-busy={busy} onClick={onConfirm}>
          Disconnect
        </button>
      </div>
    </Modal>
  );
}
