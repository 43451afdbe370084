import { BookOpen } from 'lucide-react';
import { useState } from 'react';

interface BookCoverProps {
  title: string;
  author: string;
  coverUrl: string | null;
  /** Tailwind size classes; the cover keeps a 2:3 book shape inside them. */
  className?: string;
}

/** A book's cover, or a placeholder with its title when there is none or it fails to load (core.md §3). */
export function BookCover({ title, author, coverUrl, className = 'w-full' }: BookCoverProps) {
  const [failed, setFailed] = useState(false);
  if (coverUrl && !failed) {
    return (
      <img
        src={coverUrl}
        alt={`Cover of ${title}`}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={`aspect-[2/3] rounded-md bg-gray-100 object-cover dark:bg-gray-800 ${className}`}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`No cover for ${title}`}
      className={`flex aspect-[2/3] flex-col items-center justify-center gap-1 overflow-hidden rounded-md bg-gradient-to-br from-indigo-100 to-indigo-200 p-2 text-center text-indigo-900 dark:from-indigo-950 dark:to-gray-900 dark:text-indigo-200 ${className}`}
    >
      <BookOpen aria-hidden className="size-6 shrink-0 opacity-60" />
      <span className="line-clamp-3 text-xs font-semibold">{title}</span>
      <span className="line-clamp-1 text-[10px] opacity-75">{author}</span>
    </div>
  );
}
