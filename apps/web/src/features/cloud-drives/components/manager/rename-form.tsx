import { CloudDriveLimits } from '@bookshelf/contract';
import { useState } from 'react';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';

interface RenameFormProps {
  name: string;
  busy: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** The inline rename of a drive card: Enter saves, Escape cancels. */
export function RenameForm({ name, busy, onSave, onCancel }: RenameFormProps) {
  const [value, setValue] = useState(name);
  const trimmed = value.trim();
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed === '' || trimmed === name) onCancel();
        else onSave(trimmed);
      }}
    >
      <input
        className={`${inputClass} min-w-0 flex-1`}
        aria-label="Account name"
        value={value}
        maxLength={CloudDriveLimits.accountNameMaxLength}
        required
        // The reader just asked to edit this very field.
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <button type="submit" className={primaryButtonClass} disabled={busy || trimmed === ''}>
        Save
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
