import { useId, useState } from 'react';
import { secondaryButton } from '../../../components/ui/button-styles';
import { currentMonth, monthLabel, monthSeries } from '../lib/months';

const RECENT = 12;

interface MonthChartProps {
  byMonth: Record<string, number>;
  format: (value: number) => string;
  /** The month the recent view ends at; this month by default. */
  until?: string;
}

/**
 * Spending per month as columns (the last 12 months, or all of them), quiet months at 0. The columns are drawn
 * with CSS and hidden from screen readers, which read the same figures from the table beside them.
 */
export function MonthChart({ byMonth, format, until = currentMonth() }: MonthChartProps) {
  const id = useId();
  const [all, setAll] = useState(false);
  const series = monthSeries(byMonth, until);
  const shown = all ? series : series.slice(-RECENT);
  const max = Math.max(0, ...shown.map((m) => m.amount));
  // Every purchase is older than the months shown: say so instead of drawing twelve empty columns.
  const latest = Object.keys(byMonth).sort().at(-1);
  const quiet = latest !== undefined && !all && shown.every((m) => byMonth[m.month] === undefined);
  return (
    <figure className="min-w-0" aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <figcaption id={id} className="text-base font-semibold">
          Spending by month{all || series.length <= RECENT ? '' : ' (last 12 months)'}
        </figcaption>
        {series.length > RECENT && (
          <button type="button" className={secondaryButton} aria-pressed={all} onClick={() => setAll(!all)}>
            {all ? 'Last 12 months' : `All ${series.length} months`}
          </button>
        )}
      </div>
      {quiet && latest && (
        <p className="flex h-40 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-gray-300 px-4 text-center text-sm text-gray-600 dark:border-gray-700 dark:text-gray-400">
          <span className="font-medium text-gray-900 dark:text-gray-100">
            No purchases in the last {RECENT} months.
          </span>
          <span>
            Your latest was in {monthLabel(latest)}: show all {series.length} months to see it.
          </span>
        </p>
      )}
      {!quiet && (
        <>
          <div
            aria-hidden
            className="flex h-40 items-end gap-1 overflow-x-auto border-b border-gray-200 dark:border-gray-700"
          >
            {shown.map(({ month, amount }) => (
              <div
                key={month}
                className="flex h-full min-w-3 flex-1 flex-col justify-end"
                title={`${monthLabel(month)}: ${format(amount)}`}
              >
                <div
                  className="rounded-t bg-indigo-500 dark:bg-indigo-400"
                  style={{ height: `${max > 0 ? (amount / max) * 100 : 0}%` }}
                />
              </div>
            ))}
          </div>
          <div aria-hidden className="mt-1 flex justify-between text-xs text-gray-600 dark:text-gray-400">
            <span>{shown[0] && monthLabel(shown[0].month)}</span>
            <span>{shown.at(-1) && monthLabel(shown.at(-1)!.month)}</span>
          </div>
          <table className="sr-only">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {shown.map(({ month, amount }) => (
                <tr key={month}>
                  <th scope="row">{monthLabel(month)}</th>
                  <td>{format(amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
