import { formatImageSize, ImageLimits, ImageMessages, storageLevel, type StorageLevel } from '@bookshelf/contract';
import { cappedPercent } from '../../../../components/ui/progress-bar';
import { usedPercent } from './compression-plan';

/* Written out whole so that Tailwind finds each class. */
const FILL: Record<StorageLevel, string> = {
  green: 'bg-green-600 dark:bg-green-500',
  yellow: 'bg-yellow-500 dark:bg-yellow-400',
  red: 'bg-red-600 dark:bg-red-500',
};

/**
 * How much of the book's 1024 KB its photos take: green up to 70%, yellow above, red above 90% (core.md §9),
 * with the red note "Over limit by {size}" past the budget.
 */
export function StorageBar({
  usedBytes,
  budgetBytes = ImageLimits.budgetBytes,
}: {
  usedBytes: number;
  budgetBytes?: number;
}) {
  const level = storageLevel(usedBytes, budgetBytes);
  const percent = usedPercent(usedBytes, budgetBytes);
  const over = usedBytes - budgetBytes;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">Storage used</span>
        <span className="text-gray-600 tabular-nums dark:text-gray-400">
          {formatImageSize(usedBytes)} of {formatImageSize(budgetBytes)} ({percent}%)
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Photo storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={cappedPercent(usedBytes, budgetBytes)}
        aria-valuetext={`${percent}% of ${formatImageSize(budgetBytes)}`}
        data-level={level}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div
          className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${FILL[level]}`}
          style={{ width: `${cappedPercent(usedBytes, budgetBytes)}%` }}
        />
      </div>
      {over > 0 && (
        <p className="text-sm font-medium text-red-700 dark:text-red-400">
          {ImageMessages.overLimit(formatImageSize(over))}
        </p>
      )}
    </div>
  );
}
