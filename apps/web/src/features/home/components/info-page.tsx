import type { ReactNode } from 'react';

export interface InfoSection {
  heading: string;
  body: ReactNode;
}

interface InfoPageProps {
  /** The sidebar tab this page belongs to (spec core.md §2), for styling hooks and tests. */
  tab: string;
  title: string;
  intro: ReactNode;
  /** e.g. "Last updated January 15, 2025". */
  note?: string;
  sections: readonly InfoSection[];
  children?: ReactNode;
}

/** The shared frame of the text pages: help, contact, privacy, terms, features. */
export function InfoPage({ tab, title, intro, note, sections, children }: InfoPageProps) {
  return (
    <article aria-labelledby="info-title" data-tab={tab} className="max-w-3xl">
      <h1 id="info-title" className="text-3xl font-bold tracking-tight">
        {title}
      </h1>
      {note && <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{note}</p>}
      <div className="mt-4 text-lg text-gray-600 dark:text-gray-400">{intro}</div>
      <div className="mt-8 space-y-6">
        {sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            <div className="mt-2 leading-relaxed text-gray-700 dark:text-gray-300">{section.body}</div>
          </section>
        ))}
      </div>
      {children}
    </article>
  );
}
