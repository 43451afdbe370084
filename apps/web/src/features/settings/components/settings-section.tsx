import { useId, type ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One titled card of a settings tab; the title names the region for screen readers. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-950"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
