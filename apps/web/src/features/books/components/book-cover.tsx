import { useState } from 'react';
import { GeneratedCover } from '../../../components/ui/generated-cover';

interface BookCoverProps {
  title: string;
  author: string;
  coverUrl: string | null;
  /** Tailwind size classes; the cover keeps a 2:3 book shape inside them. */
  className?: string;
  /** `small` for thumbnails: a drawn cover then shows initials instead of setting the title in type. */
  size?: 'large' | 'small';
  /** True where the title is already beside the cover, so a screen reader does not hear it twice. */
  decorative?: boolean;
}

/** A book's cover, or one drawn from its title when there is none or it fails to load (core.md §3). */
export function BookCover({
  title,
  author,
  coverUrl,
  className = 'w-full',
  size = 'large',
  decorative = false,
}: BookCoverProps) {
  const [failed, setFailed] = useState(false);
  const label = decorative ? undefined : `Cover of ${title}`;
  if (coverUrl && !failed) {
    return (
      <img
        src={coverUrl}
        alt={label ?? ''}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={`aspect-[2/3] rounded-md bg-gray-100 object-cover dark:bg-gray-800 ${className}`}
      />
    );
  }
  return <GeneratedCover title={title} author={author} size={size} label={label} className={className} />;
}
