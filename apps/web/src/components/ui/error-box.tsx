import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** The spec's red Error box (social.md §8): a failed action or load, announced; `action` is e.g. a Retry button. */
export function ErrorBox({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-200"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Error</p>
        <p className="break-words">{message}</p>
      </div>
      {action}
    </div>
  );
}
