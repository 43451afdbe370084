import { useId } from 'react';

interface RatingInputProps {
  value: number;
  onChange: (value: number) => void;
}

const STARS = [1, 2, 3, 4, 5] as const;

/* Drawn here rather than taken from lucide-react: the dashboard's Star would otherwise become a shared chunk
   of its own and grow the dashboard's first download (bench/bundle). */
function StarIcon({ className }: { className: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="currentColor"
      stroke="currentColor"
      strokeWidth={1.5}
      className={className}
    >
      <path strokeLinejoin="round" d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

/**
 * 0–5 stars (core.md §3), 0 meaning not rated. Native radios underneath, so Tab reaches the group and the
 * arrow keys move between No rating and the five stars, as in any radio group.
 */
export function RatingInput({ value, onChange }: RatingInputProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-700 dark:text-gray-300">Rating</legend>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        {STARS.map((star) => (
          <label key={star} className="relative cursor-pointer rounded p-0.5">
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="peer sr-only"
              aria-label={star === 1 ? '1 star' : `${star} stars`}
            />
            <StarIcon
              className={`size-6 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-500 ${
                star <= value
                  ? 'text-amber-400'
                  : 'text-gray-300 hover:text-amber-300 dark:text-gray-600 dark:hover:text-amber-300'
              }`}
            />
          </label>
        ))}
        <label className="ml-2 inline-flex cursor-pointer items-center rounded text-sm text-gray-600 dark:text-gray-400">
          <input
            type="radio"
            name={name}
            value={0}
            checked={value === 0}
            onChange={() => onChange(0)}
            className="peer sr-only"
          />
          <span
            className={`rounded px-1.5 py-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-indigo-500 ${
              value === 0 ? 'bg-gray-100 font-medium text-gray-900 dark:bg-gray-800 dark:text-gray-100' : 'underline'
            }`}
          >
            No rating
          </span>
        </label>
      </div>
    </fieldset>
  );
}
