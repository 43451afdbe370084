import * as Dialog from '@radix-ui/react-dialog';
import { Modal } from '../../../../components/ui/modal';
import { TagInput } from '../../../../components/ui/tag-input';
import { useId, useState, type FormEvent } from 'react';
import { primaryButtonClass, secondaryButtonClass, selectClass } from '../../../../components/ui/form-styles';

export type TagDialogMode = 'add' | 'remove';

interface TagDialogProps {
  mode: TagDialogMode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many books the tag goes on or comes off. */
  count: number;
  /** Add: suggestions (the library's tags). Remove: the tags the selected books carry. */
  tags: readonly string[];
  onSubmit: (tag: string) => void;
}

/**
 * Add Tag to Selected Books (core.md §5: the tag is trimmed; a blank one is ignored and the button stays
 * disabled while the text is blank), or Remove Tag from Selected Books, choosing among their tags.
 */
export function TagDialog({ mode, open, onOpenChange, count, tags, onSubmit }: TagDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} width="sm">
      {/* Mounted only while open, so each opening starts with an empty field. */}
      <TagForm mode={mode} count={count} tags={tags} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function TagForm({
  mode,
  count,
  tags,
  onSubmit,
  onCancel,
}: Omit<TagDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const [text, setText] = useState(mode === 'remove' ? (tags[0] ?? '') : '');
  const fieldId = useId();
  const tag = text.trim();
  const books = count === 1 ? '1 selected book' : `${count} selected books`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!tag) return;
    onSubmit(tag);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="pr-8">
        <Dialog.Title className="text-lg font-semibold">
          {mode === 'add' ? 'Add Tag to Selected Books' : 'Remove Tag from Selected Books'}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {mode === 'add' ? `The tag goes on ${books}.` : `The tag comes off ${books}.`}
        </Dialog.Description>
      </div>
      <div>
        <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
          Tag
        </label>
        {mode === 'add' ? (
          <TagInput id={fieldId} value={text} onChange={setText} suggestions={tags} maxLength={50} />
        ) : tags.length > 0 ? (
          <select id={fieldId} value={text} onChange={(event) => setText(event.target.value)} className={selectClass}>
            {tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        ) : (
          <p id={fieldId} className="text-sm text-gray-600 dark:text-gray-400">
            The selected books have no tags.
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={!tag} className={primaryButtonClass}>
          {mode === 'add' ? 'Add Tag' : 'Remove Tag'}
        </button>
      </div>
    </form>
  );
}
