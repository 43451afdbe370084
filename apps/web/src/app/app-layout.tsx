import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ServerStatus } from '../features/health/components/server-status';
import { ErrorBoundary } from './error-boundary';

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-gray-200 dark:border-gray-800">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="text-lg font-semibold tracking-tight">
            Bookshelf
          </Link>
          <nav aria-label="Main" className="flex items-center gap-4 text-sm">
            <Link to="/books" className="hover:underline">
              Explore Books
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="border-t border-gray-200 px-4 py-3 text-xs text-gray-500 dark:border-gray-800">
        <div className="mx-auto max-w-6xl">
          <ServerStatus />
        </div>
      </footer>
    </div>
  );
}
