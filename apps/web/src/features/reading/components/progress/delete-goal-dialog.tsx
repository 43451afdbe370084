import type { ReadingGoal } from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { dangerButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { Modal } from '../../../../components/ui/modal';
import { goalTitle } from './goal-title';

interface DeleteGoalDialogProps {
  goal: ReadingGoal | null;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** Asks before a goal and its progress are deleted. */
export function DeleteGoalDialog({ goal, busy, onOpenChange, onConfirm }: DeleteGoalDialogProps) {
  return (
    <Modal open={goal !== null} onOpenChange={onOpenChange} width="md" closeButton={false}>
      <Dialog.Title className="text-lg font-semibold">Delete reading goal</Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        {goal && `Delete the goal “${goalTitle(goal)}”? This action cannot be undone.`}
      </Dialog.Description>
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close className={secondaryButtonClass}>Cancel</Dialog.Close>
        <button type="button" className={dangerButtonClass} disabled={busy} aria-busy={busy} onClick={onConfirm}>
          Delete
        </button>
      </div>
    </Modal>
  );
}
