import { ErrorBox } from '../../../components/ui/error-box';
import { smallButtonClass } from '../../../components/ui/form-styles';
import { errorMessage } from '../../../lib/error-message';

/** Placeholder rows while a list loads, so the section does not jump when it arrives. */
export function LoadingRows({ rows = 2 }: { rows?: number }) {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">Loading...</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden className="h-14 animate-pulse rounded-md bg-gray-100 dark:bg-gray-800" />
      ))}
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ErrorBox
      message={errorMessage(error)}
      action={
        <button type="button" className={smallButtonClass} onClick={onRetry}>
          Retry
        </button>
      }
    />
  );
}
