import { useId } from 'react';
import { inputClass } from './form-styles';

interface TagInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Tags already in use, offered as the browser's suggestions. */
  suggestions: readonly string[];
  maxLength: number;
}

/** A tag's text field ("Enter tag name..."), suggesting the tags in use; focused when its dialog opens. */
export function TagInput({ id, value, onChange, suggestions, maxLength }: TagInputProps) {
  const listId = useId();
  return (
    <>
      <input
        id={id}
        autoFocus
        value={value}
        maxLength={maxLength}
        placeholder="Enter tag name..."
        autoComplete="off"
        list={suggestions.length > 0 ? listId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      )}
    </>
  );
}
