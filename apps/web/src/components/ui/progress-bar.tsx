/** Percent of `value` out of `max`, capped to 0..100 (spec: goal bars never overflow). */
export function cappedPercent(value: number, max: number): number {
  if (!(max > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((value / max) * 100)));
}

interface ProgressBarProps {
  value: number;
  max: number;
  /** The accessible name, e.g. "Reading goal progress". */
  label: string;
  /** What a screen reader says instead of a bare percent, e.g. "12 of 50 books". */
  valueText?: string;
  className?: string;
}

export function ProgressBar({ value, max, label, valueText, className = '' }: ProgressBarProps) {
  const percent = cappedPercent(value, max);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={`h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800 ${className}`}
    >
      <div
        className="h-full rounded-full bg-indigo-600 transition-[width] motion-reduce:transition-none dark:bg-indigo-400"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
