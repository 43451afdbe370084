import { normalizeTags } from '@bookshelf/contract';
import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { inputClass } from '../../../../components/ui/form-styles';

interface TagInputProps {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

/**
 * Tags as chips: Enter or a comma adds what was typed (trimmed; a tag already there, in any case, is not
 * added twice), Backspace in the empty box removes the last one, and leaving the box keeps what was typed.
 */
export function TagInput({ id, value, onChange, ...aria }: TagInputProps) {
  const [draft, setDraft] = useState('');

  function commit(text: string) {
    const added = text.split(',');
    const next = normalizeTags([...value, ...added]);
    if (next.length !== value.length) onChange(next);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="space-y-2">
      {value.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-indigo-900"
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        value={draft}
        onChange={(event) => {
          const text = event.target.value;
          // A pasted "a, b, c" becomes three tags at once.
          if (text.includes(',')) commit(text);
          else setDraft(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => draft.trim() && commit(draft)}
        placeholder="Type a tag and press Enter"
        enterKeyHint="done"
        className={inputClass}
        {...aria}
      />
    </div>
  );
}
