import type { LibraryView } from '../../lib/library-view';

/** Grey shapes where books are about to appear, so the page does not jump when they arrive. */
export function BookSkeletons({
  view,
  count = 8,
  label = 'Loading books',
}: {
  view: LibraryView;
  count?: number;
  label?: string;
}) {
  const shapes = Array.from({ length: count }, (_, i) => i);
  return (
    <div role="status" aria-label={label} className="motion-safe:animate-pulse">
      <span className="sr-only">{label}…</span>
      {view === 'grid' ? (
        <div aria-hidden className="grid grid-cols-[repeat(auto-fill,minmax(152px,1fr))] gap-4">
          {shapes.map((i) => (
            <div key={i} className="rounded-xl border border-gray-200 p-2 dark:border-gray-800">
              <div className="aspect-[2/3] rounded-md bg-gray-200 dark:bg-gray-800" />
              <div className="mt-2 h-4 w-4/5 rounded bg-gray-200 dark:bg-gray-800" />
              <div className="mt-1.5 h-3 w-3/5 rounded bg-gray-200 dark:bg-gray-800" />
              <div className="mt-3 h-4 w-1/3 rounded-full bg-gray-200 dark:bg-gray-800" />
            </div>
          ))}
        </div>
      ) : (
        <div aria-hidden className="space-y-2">
          {shapes.map((i) => (
            <div key={i} className="flex items-center gap-3 rounded-xl border border-gray-200 p-2 dark:border-gray-800">
              <div className="size-4 rounded bg-gray-200 dark:bg-gray-800" />
              <div className="aspect-[2/3] w-12 rounded-md bg-gray-200 dark:bg-gray-800" />
              <div className="flex-1 space-y-1.5">
                <div className="h-4 w-2/5 rounded bg-gray-200 dark:bg-gray-800" />
                <div className="h-3 w-1/4 rounded bg-gray-200 dark:bg-gray-800" />
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
