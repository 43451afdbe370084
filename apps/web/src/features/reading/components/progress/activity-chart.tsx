import { useId } from 'react';
import type { ActivityPoint } from './activity-series';

interface ActivityChartProps {
  title: string;
  /** The first column's header for screen readers: Day or Month. */
  unitHeader: string;
  valueHeader: string;
  points: readonly ActivityPoint[];
  value: (point: ActivityPoint) => number;
  format: (value: number) => string;
}

/**
 * Columns drawn with CSS (no chart library, as the spending chart; decision 046), hidden from screen readers,
 * which read the same figures from the table beside them. Every few columns carry a label on narrow screens.
 */
export function ActivityChart({ title, unitHeader, valueHeader, points, value, format }: ActivityChartProps) {
  const id = useId();
  const max = Math.max(0, ...points.map(value));
  const labelEvery = points.length > 12 ? Math.ceil(points.length / 6) : 1;
  return (
    <figure className="min-w-0" aria-labelledby={id}>
      <figcaption id={id} className="mb-3 text-sm font-semibold">
        {title}
      </figcaption>
      <div aria-hidden className="flex h-36 items-end gap-0.5 border-b border-gray-200 sm:gap-1 dark:border-gray-700">
        {points.map((point) => (
          <div
            key={point.key}
            data-testid="activity-bar"
            className="flex h-full min-w-0 flex-1 flex-col justify-end"
            title={`${point.label}: ${format(value(point))}`}
          >
            <div
              className="rounded-t bg-indigo-500 dark:bg-indigo-400"
              style={{ height: `${max > 0 ? (value(point) / max) * 100 : 0}%` }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden className="mt-1 flex gap-0.5 text-[0.65rem] text-gray-600 sm:gap-1 dark:text-gray-400">
        {points.map((point, i) => (
          <span key={point.key} className="min-w-0 flex-1 overflow-visible text-center whitespace-nowrap">
            {i % labelEvery === 0 ? point.tick : ''}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{unitHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.key}>
              <th scope="row">{point.label}</th>
              <td>{format(value(point))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
