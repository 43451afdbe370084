import { PERFORMANCE_SAMPLE_RATE, PERFORMANCE_THRESHOLDS, SUMMARY_METRICS } from '@bookshelf/contract';
import { secondaryButton } from '../../../components/ui/button-styles';
import { ErrorBox } from '../../../components/ui/error-box';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { usePerformanceSummary } from '../api/use-performance-summary';
import { PerformanceTable } from '../components/performance-table';
import { formatMetric, RATING_CLASSES, RATING_LABELS } from '../components/rating';

function Legend() {
  return (
    <p className="flex flex-wrap gap-2 text-xs text-gray-600 dark:text-gray-400">
      {(['good', 'needs-improvement', 'poor'] as const).map((rating) => (
        <span key={rating} className={`rounded px-1.5 py-0.5 ${RATING_CLASSES[rating]}`}>
          {RATING_LABELS[rating]}
        </span>
      ))}
      <span>
        Good at or below:{' '}
        {SUMMARY_METRICS.map((m) => `${m} ${formatMetric(m, PERFORMANCE_THRESHOLDS[m].good)}`).join(', ')}
      </span>
    </p>
  );
}

/**
 * Real users' speed for administrators (decision 032): p75 of LCP, CLS, INP, FCP and TTFB per route over the
 * last 7 days, from the sampled sessions' reports.
 */
export function AdminPerformancePage() {
  const summary = usePerformanceSummary();
  const forbidden = summary.error instanceof ApiRequestError && summary.error.status === 403;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Real users&apos; performance</h1>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          75th percentile per route over the last 7 days, measured in {Math.round(PERFORMANCE_SAMPLE_RATE * 100)}% of
          visits.
        </p>
      </header>
      {summary.isPending ? (
        <div role="status">
          <span className="text-sm text-gray-600 dark:text-gray-400">Loading…</span>
        </div>
      ) : summary.isError ? (
        <ErrorBox
          message={
            forbidden ? 'Only an administrator of this Bookshelf can see this page.' : errorMessage(summary.error)
          }
          action={
            forbidden ? undefined : (
              <button type="button" className={secondaryButton} onClick={() => void summary.refetch()}>
                Retry
              </button>
            )
          }
        />
      ) : summary.data.routes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600 dark:border-gray-700 dark:text-gray-400">
          No reports in the last 7 days yet. They arrive as people use the app.
        </p>
      ) : (
        <>
          <Legend />
          <PerformanceTable routes={summary.data.routes} />
        </>
      )}
    </div>
  );
}
