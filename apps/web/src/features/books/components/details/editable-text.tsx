import { useId, useState, type KeyboardEvent } from 'react';
import {
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
  smallButtonClass,
} from '../../../../components/ui/form-styles';
import { errorMessage } from '../../../../lib/error-message';

interface EditableTextProps {
  /** "Notes" or "Review": names the field, its Edit button and its text box. */
  label: string;
  value: string | null;
  empty: string;
  maxLength: number;
  /** Saves the text (null when cleared); the editor closes when it resolves and stays open with the error if not. */
  onSave: (value: string | null) => Promise<unknown>;
}

/** Text edited in place: Edit opens a text box; Save or Ctrl+Enter saves, Cancel or Escape puts it back. */
export function EditableText({ label, value, empty, maxLength, onSave }: EditableTextProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  const save = async () => {
    if (draft === null || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft.trim() ? draft : null);
      setDraft(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  if (draft === null) {
    return (
      <div>
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-semibold">{label}</h3>
          <button
            type="button"
            className={smallButtonClass}
            aria-label={`Edit ${label.toLowerCase()}`}
            onClick={() => setDraft(value ?? '')}
          >
            Edit
          </button>
        </div>
        {value ? (
          <p className="mt-2 break-words whitespace-pre-wrap">{value}</p>
        ) : (
          <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{empty}</p>
        )}
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        // Opening the editor is the reader's own action, so the text box takes the focus.
        autoFocus
        rows={6}
        maxLength={maxLength}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} mt-2`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
        Ctrl+Enter saves, Escape cancels.
      </p>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="mt-2 flex gap-2">
        <button type="button" className={primaryButtonClass} disabled={saving} onClick={() => void save()}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={secondaryButtonClass} disabled={saving} onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
