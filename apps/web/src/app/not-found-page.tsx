import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { primaryButton } from '../components/ui/button-styles';

/** An address the app has no screen for (mistyped, or an old link): said plainly, with a way back. */
export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-md py-16 text-center">
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 id="not-found-title" className="mt-2 text-2xl font-semibold tracking-tight">
        Page not found
      </h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">
        There is nothing at this address. The link may be mistyped, or the page may have moved.
      </p>
      <Link to="/dashboard" className={`${primaryButton} mt-6`}>
        <LayoutDashboard aria-hidden className="size-4" />
        Back to Dashboard
      </Link>
    </section>
  );
}
