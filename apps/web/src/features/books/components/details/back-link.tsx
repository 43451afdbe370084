import { Link } from 'react-router';

/** "← Back to {name}", to where the reader came from (core.md §2). */
export function BackLink({ to, label, state }: { to: string; label: string; state?: unknown }) {
  return (
    <Link
      to={to}
      state={state}
      className="inline-flex rounded text-sm font-medium text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 print:hidden dark:text-indigo-400"
    >
      ← Back to {label}
    </Link>
  );
}
