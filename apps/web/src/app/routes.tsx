import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { loadWithRetry } from '../lib/lazy-retry';
import { AppLayout } from './app-layout';

// Each screen is its own chunk, loaded (with retries) when its route is first visited.
const HomePage = lazy(() =>
  loadWithRetry(() => import('../features/home/pages/home-page')).then((m) => ({ default: m.HomePage })),
);
const TabPage = lazy(() => loadWithRetry(() => import('./tab-page')).then((m) => ({ default: m.TabPage })));

/**
 * The client routes of spec core.md §2. Declarative routing keeps React Router's data-router code out of
 * the first download (the landing route's JS budget); data loading is TanStack Query's job anyway.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="dashboard" element={<HomePage />} />
        {/* Every other path shows its tab; each feature replaces its own entry here. */}
        <Route path="*" element={<TabPage />} />
      </Route>
    </Routes>
  );
}
