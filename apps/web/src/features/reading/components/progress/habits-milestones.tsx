import { timeAgoLabel, type Achievements, type ReadingStats } from '@bookshelf/contract';
import { useEffect, useState } from 'react';
import { formatCount, formatDays } from './format';
import { SectionCard } from './section-card';

/** The current time, renewed every half minute, so "5 minutes ago" moves on by itself. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function Facts({ rows }: { rows: readonly [string, string][] }) {
  return (
    <dl className="divide-y divide-gray-200 text-sm dark:divide-gray-800">
      {rows.map(([term, value]) => (
        <div key={term} className="flex items-center justify-between gap-3 py-2 first:pt-0 last:pb-0">
          <dt className="text-gray-600 dark:text-gray-400">{term}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Reading Habits (Sessions, Favorite Reading Time, Last Read) of the period. */
export function ReadingHabits({ stats }: { stats: ReadingStats }) {
  const now = useNow();
  return (
    <SectionCard title="Reading Habits">
      <Facts
        rows={[
          ['Sessions', formatCount(stats.sessionsCount)],
          ['Favorite Reading Time', stats.favoriteReadingTime],
          ['Last Read', stats.lastReadAt ? timeAgoLabel(stats.lastReadAt, now) : 'Never'],
        ]}
      />
    </SectionCard>
  );
}

/** Milestones (Current Streak, Longest Streak, Total Days Read), over all time. */
export function Milestones({ achievements }: { achievements: Achievements }) {
  return (
    <SectionCard title="Milestones">
      <Facts
        rows={[
          ['Current Streak', formatDays(achievements.currentStreak)],
          ['Longest Streak', formatDays(achievements.longestStreak)],
          ['Total Days Read', formatDays(achievements.totalDaysRead)],
        ]}
      />
    </SectionCard>
  );
}
