import type { InputHTMLAttributes, ReactNode } from 'react';
import { inputClass } from '../lib/form-styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: string;
  error?: string | undefined;
  /** Something drawn inside the input's right edge, such as a show/hide button. */
  trailing?: ReactNode;
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function TextField({ id, label, error, trailing, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={trailing ? `${inputClass} pr-10` : inputClass}
          {...input}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
