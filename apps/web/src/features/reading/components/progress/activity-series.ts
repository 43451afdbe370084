import type { ReadingActivity, StatsTimeframe } from '@bookshelf/contract';
import { formatDay } from './format';

export interface ActivityPoint {
  /** A day (YYYY-MM-DD) or, for a year, a month (YYYY-MM). */
  key: string;
  /** Spelt out, for the table and the tooltip: "Mon, Mar 2" or "March 2026". */
  label: string;
  /** Under the column: "Mon" in a week, "2" in a month, "Mar" in a year. */
  tick: string;
  pagesRead: number;
  minutes: number;
}

const DAY_MS = 86_400_000;
const toDayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The days the chart spans: this week from Monday (ISO weeks), or the whole month, so the axis stays put as
 * the days pass; days without reading are zero bars. `today` is a calendar day in the reader's zone.
 */
export function periodDays(period: Exclude<StatsTimeframe, 'all' | 'year'>, today: string): string[] {
  const todayNumber = toDayNumber(today);
  if (period === 'week') {
    const weekday = (new Date(todayNumber * DAY_MS).getUTCDay() + 6) % 7; // Monday 0
    return Array.from({ length: 7 }, (_, i) => fromDayNumber(todayNumber - weekday + i));
  }
  const [year, month] = today.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => `${today.slice(0, 7)}-${String(i + 1).padStart(2, '0')}`);
}

/**
 * The chart's columns: a day each for a week or a month, a month each for a year (365 bars would not fit a
 * phone, nor be readable on a desktop). Days the server counted outside the expected span are kept.
 */
export function activitySeries(
  activity: ReadingActivity,
  period: Exclude<StatsTimeframe, 'all'>,
  today: string,
): ActivityPoint[] {
  const points = new Map<string, ActivityPoint>();
  const add = (key: string) => {
    let point = points.get(key);
    if (!point) {
      point = { key, ...labels(key, period), pagesRead: 0, minutes: 0 };
      points.set(key, point);
    }
    return point;
  };
  if (period === 'year') {
    for (let m = 1; m <= 12; m += 1) add(`${today.slice(0, 4)}-${String(m).padStart(2, '0')}`);
  } else {
    periodDays(period, today).forEach(add);
  }
  for (const entry of activity.days) {
    const point = add(period === 'year' ? entry.day.slice(0, 7) : entry.day.slice(0, 10));
    point.pagesRead += entry.pagesRead;
    point.minutes += entry.minutes;
  }
  return [...points.values()].sort((a, b) => a.key.localeCompare(b.key));
}

function labels(key: string, period: Exclude<StatsTimeframe, 'all'>): { label: string; tick: string } {
  if (period === 'year') {
    const first = `${key}-01`;
    return { label: formatDay(first, { month: 'long', year: 'numeric' }), tick: formatDay(first, { month: 'short' }) };
  }
  return {
    label: formatDay(key, { weekday: 'short', month: 'short', day: 'numeric' }),
    tick: period === 'week' ? formatDay(key, { weekday: 'short' }) : String(Number(key.slice(8, 10))),
  };
}
