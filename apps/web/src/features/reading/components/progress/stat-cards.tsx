import type { ReadingStats } from '@bookshelf/contract';
import { BookOpen, Clock, Flame, Gauge } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount, formatDays, formatDuration, formatSpeed } from './format';

const iconClass = 'size-4 text-indigo-600 dark:text-indigo-400';

function StatCard({ label, short, long, icon }: { label: string; short: string; long: string; icon: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <dt className="flex items-center gap-2 text-sm font-medium text-gray-600 dark:text-gray-400">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 truncate text-2xl font-bold tabular-nums">
        <span aria-hidden>{short}</span>
        <span className="sr-only">{long}</span>
      </dd>
    </div>
  );
}

/** core.md §2: Time Read, Pages Read, Reading Speed (pph) and Streak (days) for the chosen period. */
export function StatCards({ stats, periodLabel }: { stats: ReadingStats; periodLabel: string }) {
  const time = formatDuration(stats.totalTimeSpent);
  const speed = formatSpeed(stats.averageReadingSpeed);
  const pages = formatCount(stats.totalPagesRead);
  const streak = formatDays(stats.streakDays);
  return (
    <dl aria-label={`Reading statistics, ${periodLabel}`} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Time Read"
        short={time.short}
        long={time.long}
        icon={<Clock aria-hidden className={iconClass} />}
      />
      <StatCard
        label="Pages Read"
        short={pages}
        long={`${pages} pages`}
        icon={<BookOpen aria-hidden className={iconClass} />}
      />
      <StatCard
        label="Reading Speed"
        short={speed.short}
        long={speed.long}
        icon={<Gauge aria-hidden className={iconClass} />}
      />
      <StatCard label="Streak" short={streak} long={streak} icon={<Flame aria-hidden className={iconClass} />} />
    </dl>
  );
}
