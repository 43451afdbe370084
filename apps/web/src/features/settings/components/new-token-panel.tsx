import type { CreatedApiToken } from '@bookshelf/contract';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { inputClass, smallButtonClass } from '../../../components/ui/form-styles';

export const TOKEN_SHOWN_ONCE = "Copy this token now. You won't be able to see it again.";

/** The only time the secret is on screen: closing this panel forgets it for good. */
export function NewTokenPanel({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'manual'>('idle');

  async function copyToken() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopy('copied');
    } catch {
      // No clipboard access (insecure origin, denied permission): select it so Ctrl+C works.
      input.current?.select();
      setCopy('manual');
    }
  }

  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40">
      <p className="flex items-start gap-2 text-sm font-medium text-amber-900 dark:text-amber-200">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {TOKEN_SHOWN_ONCE}
      </p>
      <label htmlFor={`${id}-token`} className="block text-sm font-medium">
        New token “{token.name}”
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={`${id}-token`}
          readOnly
          value={token.token}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClass} min-w-0 flex-1 font-mono`}
        />
        <button type="button" className={smallButtonClass} onClick={() => void copyToken()}>
          {copy === 'copied' ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p role="status" className="text-xs text-gray-600 dark:text-gray-400">
        {copy === 'copied' ? 'Token copied to the clipboard.' : copy === 'manual' ? 'Press Ctrl+C to copy.' : ''}
      </p>
      <button type="button" className={smallButtonClass} onClick={onDone}>
        Done
      </button>
    </div>
  );
}
