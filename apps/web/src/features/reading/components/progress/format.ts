/*
 * How the Reading Progress screen writes its figures: a short form for the eye and a spelt-out one for screen
 * readers (which read "2h" as "2 h").
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Seconds read as "2h 5m" (or "45m"), and "2 hours 5 minutes" spelt out. */
export function formatDuration(seconds: number): { short: string; long: string } {
  const totalMinutes = Math.max(0, Math.floor(seconds / 60));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return { short: `${minutes}m`, long: plural(minutes, 'minute') };
  return {
    short: `${hours.toLocaleString('en')}h ${minutes}m`,
    long: `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`,
  };
}

/** Pages per hour, to one decimal at most: "12.5 pph". */
export function formatSpeed(pagesPerHour: number): { short: string; long: string } {
  const value = new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(Math.max(0, pagesPerHour));
  return { short: `${value} pph`, long: `${value} pages per hour` };
}

export const formatDays = (days: number) => plural(days, 'day');

export const formatCount = (n: number) => n.toLocaleString('en');

/** "YYYY-MM-DD" as "3 Mar 2026" (a calendar day, so no zone shifts it). */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const time = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? day : new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }).format(time);
}
