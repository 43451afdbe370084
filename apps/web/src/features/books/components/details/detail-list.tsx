import type { ReactNode } from 'react';

export type DetailRow = readonly [label: string, value: ReactNode];

/** Label and value pairs; rows without a value are left out, so an empty field takes no room. */
export function DetailList({ rows }: { rows: readonly DetailRow[] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {shown.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase dark:text-gray-400">{label}</dt>
          <dd className="mt-0.5 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled card of the details page. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-gray-200 bg-white p-4 break-inside-avoid sm:p-6 dark:border-gray-800 dark:bg-gray-950"
    >
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
