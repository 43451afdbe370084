import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'trailing'> {
  /** Off for a confirmation field, so a form has one "Show password" button, not two with the same name. */
  toggle?: boolean;
}

/** A password input with the spec's show/hide toggle. */
export function PasswordField({ toggle = true, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        toggle && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-400 dark:hover:text-gray-100"
          >
            {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          </button>
        )
      }
    />
  );
}
