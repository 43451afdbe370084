import { localDay } from '@bookshelf/contract';

/** The New Goal dialog's default dates: today and the last day of this month, in the reader's zone. */
export function defaultGoalDates(timeZone: string, now: Date = new Date()): { startDate: string; endDate: string } {
  const today = localDay(now, timeZone);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { startDate: today, endDate: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}
