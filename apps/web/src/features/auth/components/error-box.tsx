import { CircleAlert } from 'lucide-react';

/** The spec's red Error box for failed sign-ins (social.md §8). */
export function ErrorBox({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-200"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">Error</p>
        <p>{message}</p>
      </div>
    </div>
  );
}
