import { useId, useState } from 'react';
import { useMe } from '../../../lib/session';
import type { ReadingProgressSlotProps } from '../../cloud-drives/public';
import { browserTimeZone } from '../api/progress-request';
import { useAchievements } from '../api/use-achievements';
import { useReadingActivity } from '../api/use-reading-activity';
import { useReadingGoals } from '../api/use-reading-goals';
import { useReadingSettings } from '../api/use-reading-settings';
import { useReadingStats } from '../api/use-reading-stats';
import { AchievementsSection } from '../components/progress/achievements-section';
import { ActivityCharts } from '../components/progress/activity-charts';
import { ExportButtons } from '../components/progress/export-buttons';
import { GoalsSection } from '../components/progress/goals-section';
import { Milestones, ReadingHabits } from '../components/progress/habits-milestones';
import { PeriodSelect, periodLabel, type Period } from '../components/progress/period-select';
import { ProgressEmpty, ProgressError, ProgressSkeleton } from '../components/progress/progress-states';
import { StatCards } from '../components/progress/stat-cards';
import { TimeZoneSetting } from '../components/progress/time-zone-setting';

/**
 * The Reading Progress tab (core.md §2; issue 15): the period's figures and charts, goals, achievements,
 * habits and milestones. Every query sits under readingKeys.all, so a session the reader saves refreshes it.
 */
export function ReadingProgressScreen({ onBrowse }: ReadingProgressSlotProps) {
  const me = useMe();
  const userId = me.data?.id;
  if (userId) return <ReadingProgress userId={userId} onBrowse={onBrowse} />;
  if (me.isError) return <ProgressError onRetry={() => void me.refetch()} retrying={false} />;
  return <ProgressSkeleton />;
}

function ReadingProgress({ userId, onBrowse }: { userId: string; onBrowse: () => void }) {
  const titleId = useId();
  const [period, setPeriod] = useState<Period>('month');
  const settings = useReadingSettings();
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  const stats = useReadingStats(userId, period);
  const overall = useReadingStats(userId, 'all');
  const activity = useReadingActivity(userId, period);
  const goals = useReadingGoals(userId);
  const achievements = useAchievements(userId);

  const required = [stats, overall, activity, goals, achievements];
  // A failed refresh keeps what is on screen; only a load with nothing to show is the error state.
  const failed = required.filter((q) => q.isError && q.data === undefined);
  const retrying = failed.some((q) => q.isFetching);

  let body;
  if (failed.length > 0) {
    body = <ProgressError retrying={retrying} onRetry={() => failed.forEach((q) => void q.refetch())} />;
  } else if (!stats.data || !overall.data || !activity.data || !goals.data || !achievements.data) {
    body = <ProgressSkeleton />;
  } else if (overall.data.sessionsCount === 0) {
    body = (
      <>
        <ProgressEmpty onBrowse={onBrowse} />
        <GoalsSection goals={goals.data} timeZone={timeZone} />
      </>
    );
  } else {
    const switching = stats.isPlaceholderData || activity.isPlaceholderData;
    body = (
      <>
        <div aria-busy={switching} className={switching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <StatCards stats={stats.data} periodLabel={periodLabel(period)} />
        </div>
        <div aria-busy={switching} className={switching ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <ActivityCharts activity={activity.data} period={period} />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <GoalsSection goals={goals.data} timeZone={timeZone} />
          <AchievementsSection achievements={achievements.data.achievements} />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <ReadingHabits stats={stats.data} />
          <Milestones achievements={achievements.data} />
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold">
          Reading Progress
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <PeriodSelect value={period} onChange={setPeriod} />
          <ExportButtons userId={userId} timeZone={timeZone} />
        </div>
      </div>
      <TimeZoneSetting timeZone={timeZone} />
      {body}
    </section>
  );
}
