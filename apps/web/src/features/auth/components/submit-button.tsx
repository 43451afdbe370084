import type { ReactNode } from 'react';
import { primaryButtonClass } from '../../../components/ui/form-styles';

interface SubmitButtonProps {
  busy: boolean;
  /** What the button says while the request runs, e.g. "Signing in...". */
  busyLabel: string;
  children: ReactNode;
}

/** The full-width primary button that ends every sign-in form; disabled, with its busy label, while busy. */
export function SubmitButton({ busy, busyLabel, children }: SubmitButtonProps) {
  return (
    <button type="submit" className={`${primaryButtonClass} w-full`} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
