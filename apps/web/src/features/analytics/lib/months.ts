/** Months as the spending's records key them: YYYY-MM. */

const next = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * Every month from the first with spending to the later of the last one and `until`, the empty ones at 0:
 * a chart over time shows the quiet months too.
 */
export function monthSeries(byMonth: Record<string, number>, until: string): { month: string; amount: number }[] {
  const months = Object.keys(byMonth).sort();
  const first = months[0];
  if (!first) return [];
  const last = [months.at(-1)!, until].sort()[1]!;
  const series: { month: string; amount: number }[] = [];
  // Bounded: a purchase date is at most a few centuries back, a few thousand months.
  for (let month = first; month <= last; month = next(month)) series.push({ month, amount: byMonth[month] ?? 0 });
  return series;
}

const label = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `2024-01` → `Jan 2024`. */
export const monthLabel = (month: string) => label.format(new Date(`${month}-01T00:00:00Z`));

/** This month in UTC, as the server counts purchase days. */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);
