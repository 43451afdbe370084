import { useId, type ReactNode } from 'react';

export const cardClass =
  'rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5 dark:border-gray-800 dark:bg-gray-900';

/** A titled card of the screen, a region named by its heading so screen readers can jump between them. */
export function SectionCard({
  title,
  action,
  children,
  className = '',
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${cardClass} min-w-0 ${className}`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}
