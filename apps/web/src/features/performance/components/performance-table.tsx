import { ratePerformance, SUMMARY_METRICS, type RoutePerformance } from '@bookshelf/contract';
import { formatMetric, RATING_CLASSES, RATING_LABELS } from './rating';

const METRIC_NAMES: Record<(typeof SUMMARY_METRICS)[number], string> = {
  LCP: 'Largest Contentful Paint',
  CLS: 'Cumulative Layout Shift',
  INP: 'Interaction to Next Paint',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};

const cell = 'px-3 py-2 text-right whitespace-nowrap';

/**
 * p75 per route and metric, each rated by the spec's thresholds (core.md §9) in colour and in words; the
 * sample count of each value in its title. Scrolls sideways on a phone rather than squeezing.
 */
export function PerformanceTable({ routes }: { routes: readonly RoutePerformance[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-950">
      <table className="min-w-full text-sm">
        <caption className="sr-only">75th percentile of each metric per route, last 7 days</caption>
        <thead className="bg-gray-50 text-gray-700 dark:bg-gray-900 dark:text-gray-300">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Route
            </th>
            {SUMMARY_METRICS.map((metric) => (
              <th key={metric} scope="col" className={`${cell} font-semibold`}>
                <abbr title={METRIC_NAMES[metric]} className="no-underline">
                  {metric}
                </abbr>
              </th>
            ))}
            <th scope="col" className={`${cell} font-semibold`}>
              Samples
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {routes.map((route) => (
            <tr key={route.route}>
              <th scope="row" className="px-3 py-2 text-left font-mono font-normal whitespace-nowrap">
                {route.route}
              </th>
              {SUMMARY_METRICS.map((metric) => {
                const summary = route.metrics[metric];
                if (!summary) {
                  return (
                    <td key={metric} className={`${cell} text-gray-600 dark:text-gray-400`}>
                      <span aria-hidden>—</span>
                      <span className="sr-only">No samples</span>
                    </td>
                  );
                }
                const rating = ratePerformance(metric, summary.p75);
                return (
                  <td key={metric} className={cell} title={`${summary.samples} samples`}>
                    <span className={`inline-block rounded px-1.5 py-0.5 ${RATING_CLASSES[rating]}`}>
                      {formatMetric(metric, summary.p75)}
                      <span className="sr-only"> {RATING_LABELS[rating]}</span>
                    </span>
                  </td>
                );
              })}
              <td className={cell}>{route.samples.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
