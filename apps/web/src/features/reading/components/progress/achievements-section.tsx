import { ACHIEVEMENTS, type Achievement } from '@bookshelf/contract';
import { Lock, Trophy } from 'lucide-react';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { formatCount } from './format';
import { SectionCard } from './section-card';

const KINDS = new Map<string, string>(ACHIEVEMENTS.map((a) => [a.id, a.kind]));

/** Progress as the reader thinks of it: hours, not the seconds the payload counts. */
function progressLabel(achievement: Achievement): string {
  if (KINDS.get(achievement.id) === 'seconds') {
    const hours = (s: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(s / 3600);
    return `${hours(Math.min(achievement.progress, achievement.target))} of ${hours(achievement.target)} hours`;
  }
  return `${formatCount(Math.min(achievement.progress, achievement.target))} of ${formatCount(achievement.target)}`;
}

const unlockedOn = (at: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(at));

/** core.md §4: unlocked when unlockedAt exists (with its date), otherwise its progress towards the target. */
export function AchievementsSection({ achievements }: { achievements: readonly Achievement[] }) {
  return (
    <SectionCard title="Achievements">
      {achievements.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No achievements yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {achievements.map((achievement) => {
            const unlocked = achievement.unlockedAt !== undefined;
            return (
              <li
                key={achievement.id}
                data-unlocked={unlocked}
                aria-label={`${achievement.name}, ${unlocked ? 'unlocked' : 'locked'}`}
                className={`flex gap-3 rounded-lg border p-3 ${
                  unlocked
                    ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40'
                    : 'border-gray-200 dark:border-gray-800'
                }`}
              >
                {unlocked ? (
                  <Trophy aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" />
                ) : (
                  <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-gray-400 dark:text-gray-500" />
                )}
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="font-medium">{achievement.name}</p>
                  <p className="text-sm text-gray-600 dark:text-gray-400">{achievement.description}</p>
                  {achievement.unlockedAt !== undefined ? (
                    <p className="text-xs font-medium text-amber-800 dark:text-amber-300">
                      Unlocked {unlockedOn(achievement.unlockedAt)}
                    </p>
                  ) : (
                    <>
                      <ProgressBar
                        value={achievement.progress}
                        max={achievement.target}
                        label={`${achievement.name} progress`}
                        valueText={progressLabel(achievement)}
                      />
                      <p className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
                        {progressLabel(achievement)}
                      </p>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
