import { Target } from 'lucide-react';
import { Link } from 'react-router';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { settingsTabPath } from '../../settings/public';

/** The spec sends the card to /settings; the reading-goal tab there is where the goal is edited. */
const READING_GOAL_SETTINGS_PATH = settingsTabPath('reading-goal');

interface ReadingGoalCardProps {
  booksRead: number;
  goal: number;
  collapsed: boolean;
}

/** The sidebar's reading goal widget (spec core.md §2, social.md §2). */
export function ReadingGoalCard({ booksRead, goal, collapsed }: ReadingGoalCardProps) {
  if (collapsed) {
    return (
      <Link
        to={READING_GOAL_SETTINGS_PATH}
        aria-label="Reading goal"
        title="Reading goal"
        className="mx-auto flex size-11 items-center justify-center rounded-lg text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-indigo-950/60"
      >
        <Target aria-hidden className="size-5" />
      </Link>
    );
  }
  // The spec's card reads "Reading Goal 2025", the year it was written; a goal is always for the current year.
  const year = new Date().getFullYear();
  return (
    <Link
      to={READING_GOAL_SETTINGS_PATH}
      className="block rounded-xl border border-indigo-100 bg-indigo-50/70 p-3 text-sm transition-colors hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-indigo-900/60 dark:bg-indigo-950/40 dark:hover:bg-indigo-950/70"
    >
      <span className="flex items-center gap-2 font-semibold text-gray-900 dark:text-gray-100">
        <Target aria-hidden className="size-4 text-indigo-600 dark:text-indigo-400" />
        Reading Goal {year}
      </span>
      <span className="mt-1 block text-gray-700 dark:text-gray-300">
        {booksRead} / {goal} books
      </span>
      <ProgressBar
        value={booksRead}
        max={goal}
        label={`Reading Goal ${year}`}
        valueText={`${booksRead} of ${goal} books`}
        className="mt-2"
      />
      <span className="mt-2 block text-xs text-gray-600 dark:text-gray-300">Click to edit goal</span>
    </Link>
  );
}
