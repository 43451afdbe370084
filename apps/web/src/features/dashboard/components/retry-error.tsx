import { secondaryButton } from '../../../components/ui/button-styles';

/**
 * A failed load with a Retry button, announced politely (role status, not alert): a dashboard whose three
 * reads fail at once should not interrupt three times, nor drown an alert the shell raises. Deliberately
 * small (no icon, no shared error box or message classifier): every byte here is in the dashboard's first
 * download, which is held to 150 KB gzip (bench/bundle).
 */
export function RetryError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-200"
    >
      <p className="min-w-0 flex-1">
        Could not load {what}. {error instanceof Error ? error.message : ''}
      </p>
      <button type="button" className={secondaryButton} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
