/**
 * A small cover for the dashboard's lists: the image, or the title's first letter on a tinted card. Lighter than
 * the library's cover (no icon): it sits in the dashboard's first download.
 */
export function SmallCover({ title, coverUrl }: { title: string; coverUrl: string | null }) {
  const box = 'aspect-[2/3] w-10 shrink-0 rounded bg-indigo-100 dark:bg-indigo-950';
  return coverUrl ? (
    <img src={coverUrl} alt="" loading="lazy" referrerPolicy="no-referrer" className={`${box} object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${box} flex items-center justify-center font-semibold text-indigo-800 dark:text-indigo-200`}
    >
      {title.charAt(0).toUpperCase()}
    </span>
  );
}
