import type { Me } from '@bookshelf/contract';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AppShell } from './app-shell';
import { useLiveEvents } from './live-events-cache';
import {
  AccountsSettingsSection,
  BookDetailsPage,
  BookSummaryPage,
  DashboardPage,
  FeaturesPage,
  LibraryPage,
  SettingsPage,
  STATIC_PAGES,
  TabPage,
} from './screens';
import { useBooksReadCount } from './use-books-read-count';

function DashboardRoute({ me }: { me: Me }) {
  return <DashboardPage me={me} booksRead={useBooksReadCount()} />;
}

/** Settings → Profile → Accounts; a chunk of its own, so the dashboard's first download stays small. */
const accountsSection = (
  <Suspense fallback={null}>
    <AccountsSettingsSection />
  </Suspense>
);

/**
 * Everything a signed-in user sees (spec core.md §2), in its own chunk: a visitor on the landing page never
 * downloads the shell, the sidebar or the menus.
 */
export function AuthenticatedApp({ me }: { me: Me }) {
  useLiveEvents();
  return (
    <Routes>
      <Route element={<AppShell me={me} />}>
        <Route index element={<DashboardRoute me={me} />} />
        <Route path="dashboard" element={<DashboardRoute me={me} />} />
        <Route path="books" element={<LibraryPage />} />
        <Route path="books/:id" element={<BookDetailsPage />} />
        <Route path="books/:id/summary" element={<BookSummaryPage />} />
        <Route path="settings" element={<SettingsPage sections={{ profile: accountsSection }} />} />
        <Route path="features" element={<FeaturesPage />} />
        {STATIC_PAGES.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {/* A spec screen still to come shows its tab, each feature replaces its own entry here; the rest is Not found. */}
        <Route path="*" element={<TabPage />} />
      </Route>
    </Routes>
  );
}
