import type { ReactNode } from 'react';

export const labelClass = 'block text-sm font-medium text-gray-700 dark:text-gray-300';
/** A required field's label gets a red asterisk drawn by CSS, so its accessible name stays the plain label. */
export const requiredLabelClass = `${labelClass} after:ml-0.5 after:text-red-600 after:content-['*'] dark:after:text-red-400`;

export { checkboxClass, selectClass } from '../../../../components/ui/form-styles';

/** aria-invalid and aria-describedby for a control whose hint and error sit under it. */
export function describedBy(id: string, error: string | undefined, hint?: ReactNode) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  /** Something beside the label, such as a Manage accounts button. */
  labelAction?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A label over its control, with the hint and error under it; pair the control with describedBy(id, …). */
export function FieldShell({ id, label, required, error, hint, labelAction, className, children }: FieldShellProps) {
  return (
    <div className={`space-y-1 ${className ?? ''}`}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className={required ? requiredLabelClass : labelClass}>
          {label}
        </label>
        {labelAction}
      </div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A titled group of fields inside the form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-semibold text-gray-900 dark:text-gray-100">{title}</legend>
      {children}
    </fieldset>
  );
}
