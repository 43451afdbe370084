import { goalColour, goalPercent } from '@bookshelf/contract';

/* Written out whole so that Tailwind finds each class. */
const FILLS = {
  green: 'bg-green-500 dark:bg-green-400',
  yellow: 'bg-yellow-400 dark:bg-yellow-300',
  blue: 'bg-blue-500 dark:bg-blue-400',
  gray: 'bg-gray-400 dark:bg-gray-500',
} as const;

interface GoalBarProps {
  progress: number;
  target: number;
  isCompleted: boolean;
  label: string;
  valueText: string;
}

/** core.md §4: percent capped at 100; completed green, 80% or more yellow, 50% or more blue. */
export function GoalBar({ progress, target, isCompleted, label, valueText }: GoalBarProps) {
  const percent = goalPercent(progress, target);
  const colour = goalColour(percent, isCompleted);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
    >
      <div
        data-colour={colour}
        className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${FILLS[colour]}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
