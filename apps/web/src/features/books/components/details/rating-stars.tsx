import { Star } from 'lucide-react';

interface RatingStarsProps {
  rating: number | null;
  disabled?: boolean;
  /** 0 clears the rating (stored as none). */
  onRate: (rating: number) => void;
}

/** Five stars to click; clicking the current rating again clears it. */
export function RatingStars({ rating, disabled = false, onRate }: RatingStarsProps) {
  const current = rating ?? 0;
  return (
    <div role="radiogroup" aria-label="Rating" className="flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={current === n}
          aria-label={`${n} star${n === 1 ? '' : 's'}`}
          title={current === n ? 'Clear rating' : `Rate ${n} of 5`}
          disabled={disabled}
          onClick={() => onRate(current === n ? 0 : n)}
          className="rounded p-0.5 text-amber-500 hover:scale-110 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 motion-reduce:hover:scale-100"
        >
          <Star
            aria-hidden
            className={`size-6 ${n <= current ? 'fill-current' : 'text-gray-300 dark:text-gray-600'}`}
          />
        </button>
      ))}
      <span className="ml-2 text-sm text-gray-600 dark:text-gray-400">{current ? `${current} of 5` : 'Not rated'}</span>
    </div>
  );
}
