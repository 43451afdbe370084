import { describe, expect, it } from 'vitest';
import { activitySeries, periodDays } from './activity-series';
import { defaultGoalDates } from './goal-dates';

const activity = (days: { day: string; pagesRead: number; minutes: number }[]) => ({
  timeZone: 'UTC',
  days: days.map((d) => ({ ...d, sessions: 1 })),
});

describe('periodDays', () => {
  it('spans this ISO week from Monday', () => {
    // 2026-03-04 is a Wednesday.
    expect(periodDays('week', '2026-03-04')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    // A Sunday belongs to the week that began six days before.
    expect(periodDays('week', '2026-03-08')[0]).toBe('2026-03-02');
    // Across a month and a year boundary.
    expect(periodDays('week', '2026-01-01')).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
    ]);
  });

  it('spans the whole month, leap years included', () => {
    expect(periodDays('month', '2024-02-10')).toHaveLength(29);
    expect(periodDays('month', '2026-02-10')).toHaveLength(28);
    expect(periodDays('month', '2026-03-31').at(-1)).toBe('2026-03-31');
  });
});

describe('activitySeries', () => {
  it('puts each day in its column, zero where nothing was read', () => {
    const series = activitySeries(
      activity([
        { day: '2026-03-03', pagesRead: 12, minutes: 30 },
        { day: '2026-03-05', pagesRead: 4, minutes: 10 },
      ]),
      'week',
      '2026-03-05',
    );
    expect(series.map((p) => p.pagesRead)).toEqual([0, 12, 0, 4, 0, 0, 0]);
    expect(series.map((p) => p.tick)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(series[1]!.label).toBe('Tue, Mar 3');
  });

  it('adds a year up by month', () => {
    const series = activitySeries(
      activity([
        { day: '2026-01-02', pagesRead: 10, minutes: 20 },
        { day: '2026-01-20', pagesRead: 5, minutes: 7 },
        { day: '2026-03-01', pagesRead: 1, minutes: 2 },
      ]),
      'year',
      '2026-03-05',
    );
    expect(series).toHaveLength(12);
    expect(series[0]).toMatchObject({ key: '2026-01', label: 'January 2026', tick: 'Jan', pagesRead: 15, minutes: 27 });
    expect(series[2]!.pagesRead).toBe(1);
  });

  it('keeps a day the server counted outside the expected span', () => {
    const series = activitySeries(activity([{ day: '2026-03-01', pagesRead: 3, minutes: 5 }]), 'week', '2026-03-04');
    expect(series).toHaveLength(8);
    expect(series[0]).toMatchObject({ key: '2026-03-01', pagesRead: 3 });
  });
});

describe('defaultGoalDates', () => {
  it('is today and the end of the month in the reader zone', () => {
    const now = new Date('2026-02-28T23:30:00Z');
    expect(defaultGoalDates('UTC', now)).toEqual({ startDate: '2026-02-28', endDate: '2026-02-28' });
    // Already March in Tokyo.
    expect(defaultGoalDates('Asia/Tokyo', now)).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
  });
});
