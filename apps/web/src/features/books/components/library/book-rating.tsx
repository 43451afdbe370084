import { Star } from 'lucide-react';

/** Five stars, filled up to the rating; "Not rated" for none. */
export function BookRating({ rating, className = '' }: { rating: number | null; className?: string }) {
  if (!rating) {
    return <span className={`text-xs text-gray-500 dark:text-gray-400 ${className}`}>Not rated</span>;
  }
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={`inline-flex items-center ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={`size-3.5 ${n <= rating ? 'fill-amber-400 text-amber-400' : 'text-gray-300 dark:text-gray-600'}`}
        />
      ))}
    </span>
  );
}
