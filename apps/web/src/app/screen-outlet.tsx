import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './error-boundary';
import { PageLoading } from './page-loading';

/**
 * Where a layout shows the current screen: a crash shows the error screen and moving to another path
 * clears it; a lazy screen still downloading shows the loading state.
 */
export function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
