import { ReaderLimits, ReadingMessages } from '@bookshelf/contract';
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { barClass } from './reader-styles';

interface BookmarkBoxProps {
  page: number;
  note: string;
  onNoteChange: (note: string) => void;
  onAdd: () => void;
  onCancel: () => void;
}

/** The bookmark note box (core.md §2): an optional note, Add Bookmark and Cancel. Ctrl or Cmd Enter adds. */
export function BookmarkBox({ page, note, onNoteChange, onAdd, onCancel }: BookmarkBoxProps) {
  const noteId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onAdd();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onAdd();
    }
  }

  return (
    <form onSubmit={submit} aria-label="New bookmark" className={`space-y-2 border-b px-3 py-3 ${barClass}`}>
      <label htmlFor={noteId} className="block text-sm font-medium">
        Bookmark page {page}
      </label>
      <textarea
        id={noteId}
        autoFocus
        rows={2}
        value={note}
        maxLength={ReaderLimits.noteMaxLength}
        placeholder={ReadingMessages.bookmarkNotePlaceholder}
        onChange={(event) => onNoteChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="block w-full resize-y rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
      />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" className={primaryButtonClass}>
          Add Bookmark
        </button>
      </div>
    </form>
  );
}
