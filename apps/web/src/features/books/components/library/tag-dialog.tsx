import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';

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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl border border-gray-200 bg-white p-5 text-gray-900 shadow-xl focus:outline-none dark:border-gray-800 dark:bg-gray-950 dark:text-gray-100">
          {/* Mounted only while open, so each opening starts with an empty field. */}
          <TagForm mode={mode} count={count} tags={tags} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
  const listId = useId();
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
          <>
            <input
              id={fieldId}
              autoFocus
              value={text}
              maxLength={50}
              placeholder="Enter tag name..."
              autoComplete="off"
              list={tags.length > 0 ? listId : undefined}
              onChange={(event) => setText(event.target.value)}
              className={inputClass}
            />
            {tags.length > 0 && (
              <datalist id={listId}>
                {tags.map((t) => (
                  <option key={t} value={t} />
                ))}
              </datalist>
            )}
          </>
        ) : tags.length > 0 ? (
          <select id={fieldId} value={text} onChange={(event) => setText(event.target.value)} className={inputClass}>
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
