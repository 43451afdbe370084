import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { secondaryButton } from '../components/ui/button-styles';
import { PerformanceTools } from '../features/performance/public';
import { useMe } from '../lib/session';
import { ErrorBoundary } from './error-boundary';
import { lazyQueryScreen } from './lazy-screen';
import { PageLoading } from './page-loading';
import { PublicApp } from './public-app';
import { AuthCallbackPage, DriveOAuthPopupPage, ResetPasswordPage, VerifyEmailPage } from './screens';
import { StandaloneLayout } from './standalone-layout';

/** Declared here rather than in screens.ts, which the signed-in app imports: no import loop through it. */
const AuthenticatedApp = lazyQueryScreen(() => import('./authenticated-app'), 'AuthenticatedApp');

/** When the server cannot say who is signed in (offline, down) after the query's own retries. */
function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-semibold">Bookshelf is not reachable</h1>
      <p className="text-gray-600 dark:text-gray-400">Check your connection, then try again.</p>
      <button type="button" onClick={onRetry} className={secondaryButton}>
        Try Again
      </button>
    </div>
  );
}

/** Who is signed in decides the whole layout (spec core.md §6): the visitor's pages or the member's shell. */
function SessionGate() {
  const me = useMe();
  // A failed background refresh keeps the last answer: only a first load without one is a dead end.
  if (me.data === undefined) {
    return me.isError ? <SessionUnavailable onRetry={() => void me.refetch()} /> : <PageLoading fullPage />;
  }
  if (me.data === null) return <PublicApp />;
  return (
    <Suspense fallback={<PageLoading fullPage />}>
      <AuthenticatedApp me={me.data} />
    </Suspense>
  );
}

/**
 * The client routes of spec core.md §2. Declarative routing keeps React Router's data-router code out of
 * the first download (the landing route's JS budget); data loading is TanStack Query's job anyway.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Routes>
        {/* They work signed in or out and change the session themselves, so they sit outside the gate. */}
        <Route element={<StandaloneLayout />}>
          <Route path="auth/callback" element={<AuthCallbackPage />} />
          <Route path="oauth-callback" element={<AuthCallbackPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="verify-email" element={<VerifyEmailPage />} />
        </Route>
        {/* A popup of the drive connect flow: no shell, no session needed, it only hands the code to its opener. */}
        <Route
          path="oauth/callback/:provider"
          element={
            <Suspense fallback={<PageLoading fullPage />}>
              <DriveOAuthPopupPage />
            </Suspense>
          }
        />
        <Route path="*" element={<SessionGate />} />
      </Routes>
      <PerformanceTools />
    </ErrorBoundary>
  );
}
