import {
  ACHIEVEMENTS,
  DEFAULT_FAVORITE_READING_TIME,
  localDay,
  streaks,
  type Achievement,
  type Achievements,
  type ReadingActivity,
  type ReadingStats,
  type StatsTimeframe,
} from '@bookshelf/contract';
import type { ReadingDay, StatsRepository } from './stats.repository.js';

/** Pages per hour to one decimal; 0 without time read. */
export const readingSpeed = (pages: number, seconds: number) =>
  seconds > 0 ? Math.round((pages / (seconds / 3600)) * 10) / 10 : 0;

const hourText = (hour: number | null) =>
  hour === null ? DEFAULT_FAVORITE_READING_TIME : `${String(hour).padStart(2, '0')}:00`;

/** Whole minutes: a chart's day of 90 seconds is 1 minute, as a minutes goal counts it. */
export const wholeMinutes = (seconds: number) => Math.floor(seconds / 60);

/** The streaks of the reader's days, today being the day `now` falls on in their zone. */
function streaksOf(days: readonly ReadingDay[], timeZone: string, now: Date) {
  return streaks(
    days.map((d) => d.day),
    localDay(now, timeZone),
  );
}

/** When each streak achievement was reached: the day's last session of the first run to get that long. */
function streakReachedAt(days: readonly ReadingDay[], target: number): string | undefined {
  return days.find((d) => d.run === target)?.lastEnd;
}

/**
 * The Reading Progress screen's figures (core.md §3 ReadingStats, Achievements): from the repository's SQL,
 * in the reader's zone; timeframes are calendar periods there, streaks count over all sessions.
 */
export function createStatsService({ stats, now }: { stats: StatsRepository; now: () => Date }) {
  return {
    async stats(userId: string, timeframe: StatsTimeframe, timeZone: string): Promise<ReadingStats> {
      const at = now();
      const [totals, days] = await Promise.all([
        stats.totals(userId, timeframe, timeZone, at),
        stats.days(userId, timeZone),
      ]);
      return {
        totalTimeSpent: totals.totalTimeSpent,
        totalPagesRead: totals.totalPagesRead,
        averageReadingSpeed: readingSpeed(totals.totalPagesRead, totals.totalTimeSpent),
        sessionsCount: totals.sessionsCount,
        lastReadAt: totals.lastReadAt,
        streakDays: streaksOf(days, timeZone, at).current,
        favoriteReadingTime: hourText(totals.favoriteHour),
      };
    },

    async activity(userId: string, timeframe: StatsTimeframe, timeZone: string): Promise<ReadingActivity> {
      const days = await stats.activity(userId, timeframe, timeZone, now());
      return {
        timeZone,
        days: days.map((d) => ({
          day: d.day,
          pagesRead: d.pagesRead,
          minutes: wholeMinutes(d.seconds),
          sessions: d.sessions,
        })),
      };
    },

    async achievements(userId: string, timeZone: string): Promise<Achievements> {
      const [lifetime, days] = await Promise.all([stats.lifetime(userId), stats.days(userId, timeZone)]);
      const { current, longest } = streaksOf(days, timeZone, now());
      const value = { sessions: lifetime.sessions, pages: lifetime.pages, seconds: lifetime.seconds, streak: longest };
      return {
        currentStreak: current,
        longestStreak: longest,
        totalDaysRead: days.length,
        achievements: ACHIEVEMENTS.map((a): Achievement => {
          const unlockedAt = a.kind === 'streak' ? streakReachedAt(days, a.target) : lifetime.reachedAt.get(a.id);
          return {
            id: a.id,
            name: a.name,
            description: a.description,
            progress: Math.min(value[a.kind], a.target),
            target: a.target,
            ...(unlockedAt ? { unlockedAt } : {}),
          };
        }),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
