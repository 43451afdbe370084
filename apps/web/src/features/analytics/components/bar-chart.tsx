import { useId } from 'react';

export interface ChartRow {
  label: string;
  value: number;
}

interface BarChartProps {
  title: string;
  /** What the labels are (the first column's header, read by screen readers). */
  labelHeader: string;
  rows: readonly ChartRow[];
  format: (value: number) => string;
}

/**
 * Horizontal bars drawn with CSS, as a table: screen readers read label and amount row by row, the bars are
 * decoration (decision 046: no chart library, the dashboard's download stays small).
 */
export function BarChart({ title, labelHeader, rows, format }: BarChartProps) {
  const id = useId();
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <figure className="min-w-0" aria-labelledby={id}>
      <figcaption id={id} className="mb-3 text-base font-semibold">
        {title}
      </figcaption>
      <table className="w-full table-fixed border-collapse text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="w-2/5 truncate py-1 pr-3 text-left font-normal" title={row.label}>
                {row.label}
              </th>
              <td className="py-1">
                <span className="flex items-center gap-2">
                  <span aria-hidden className="h-3 flex-1 overflow-hidden rounded bg-gray-100 dark:bg-gray-800">
                    <span
                      className="block h-full rounded bg-indigo-500 dark:bg-indigo-400"
                      style={{ width: `${max > 0 ? (row.value / max) * 100 : 0}%` }}
                    />
                  </span>
                  <span className="w-24 shrink-0 text-right tabular-nums sm:w-28">{format(row.value)}</span>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
