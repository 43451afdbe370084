import * as Dialog from '@radix-ui/react-dialog';
import { CloudDriveLimits, normaliseTag } from '@bookshelf/contract';
import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../../components/ui/modal';
import { primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { TagInput } from '../../../../components/ui/tag-input';
import { fileCount } from './browse-files';

interface AddTagDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  /** Tags already in use, offered as suggestions. */
  tags: readonly string[];
  onSubmit: (tag: string) => void;
}

/**
 * Add Tag to Selected Files (core.md §2, §5): Enter submits; the tag is trimmed; the Add Tag button stays
 * disabled while the text is blank after trimming.
 */
export function AddTagDialog({ open, onOpenChange, count, tags, onSubmit }: AddTagDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} width="sm">
      {/* Mounted only while open, so each opening starts empty. */}
      <AddTagForm count={count} tags={tags} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function AddTagForm({
  count,
  tags,
  onSubmit,
  onCancel,
}: Pick<AddTagDialogProps, 'count' | 'tags' | 'onSubmit'> & { onCancel: () => void }) {
  const [text, setText] = useState('');
  const fieldId = useId();
  const tag = normaliseTag(text);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (tag) onSubmit(tag);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="pr-8">
        <Dialog.Title className="text-lg font-semibold">Add Tag to Selected Files</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          The tag goes on {count === 1 ? '1 selected file' : `${fileCount(count)} selected`}.
        </Dialog.Description>
      </div>
      <div>
        <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
          Tag
        </label>
        <TagInput
          id={fieldId}
          value={text}
          onChange={setText}
          suggestions={tags}
          maxLength={CloudDriveLimits.tagMaxLength}
        />
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={!tag} className={primaryButtonClass}>
          Add Tag
        </button>
      </div>
    </form>
  );
}
