import type { Me } from '@bookshelf/contract';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import type { DialogProps } from '../components/ui/modal';
import { ManageAccountsSlot } from '../features/books/components/book-form/manage-accounts-slot';
import { useBooksReadCount } from '../features/goals/api/use-books-read-count';
import { warmReader } from '../features/reading/lib/warm-reader';
import { AppShell } from './app-shell';
import { lazyScreen } from './lazy-screen';
import { useLiveEvents } from './use-live-events';
import {
  BookDetailsPage,
  BookSummaryPage,
  CloudDrivesPage,
  DashboardPage,
  LibraryPage,
  ManageAccountsDialog,
  ReaderScreen,
  ReadingProgressScreen,
  SettingsPage,
  SharedWishlistPage,
  SpendingPage,
  TabPage,
  WishlistPage,
} from './member-screens';
import { FeaturesPage, STATIC_PAGES } from './screens';

function DashboardRoute({ me }: { me: Me }) {
  return <DashboardPage me={me} booksRead={useBooksReadCount()} />;
}

/**
 * The Cloud Drives screen's reader and Reading Progress tab: the reading feature's, each in its own chunk; and
 * the reader's warm-up, which only names those chunks until a file is pointed at.
 */
const cloudDrivesSlots = { Reader: ReaderScreen, ReadingProgress: ReadingProgressScreen, warmReader };

/** The book form's way into Manage Accounts, a dialog of another feature (see ManageAccountsSlot). */
const manageAccounts = (props: DialogProps) => <ManageAccountsDialog {...props} />;

/**
 * Settings → Profile → Accounts; a chunk of its own, so the dashboard's first download stays small. Declared
 * here, not in screens.ts: it takes Manage Accounts from there, and must not be loaded from there too.
 */
const AccountsSettingsSection = lazyScreen(() => import('./accounts-settings-section'), 'AccountsSettingsSection');
/** Administrators only (decision 032); declared here so that the landing page's first download never names it. */
const AdminPerformancePage = lazyScreen(
  () => import('../features/performance/pages/admin-performance-page'),
  'AdminPerformancePage',
);

const CurrencySettingsSection = lazyScreen(() => import('./currency-settings-section'), 'CurrencySettingsSection');

const settingsSections = {
  profile: (
    <Suspense fallback={null}>
      <AccountsSettingsSection />
    </Suspense>
  ),
  currency: (
    <Suspense fallback={null}>
      <CurrencySettingsSection />
    </Suspense>
  ),
};

/**
 * Everything a signed-in user sees (spec core.md §2), in its own chunk: a visitor on the landing page never
 * downloads the shell, the sidebar or the menus.
 */
export function AuthenticatedApp({ me }: { me: Me }) {
  useLiveEvents();
  return (
    <ManageAccountsSlot value={manageAccounts}>
      <Routes>
        <Route element={<AppShell me={me} />}>
          <Route index element={<DashboardRoute me={me} />} />
          <Route path="dashboard" element={<DashboardRoute me={me} />} />
          <Route path="books" element={<LibraryPage />} />
          <Route path="books/:id" element={<BookDetailsPage />} />
          <Route path="books/:id/summary" element={<BookSummaryPage />} />
          <Route path="wishlist" element={<WishlistPage />} />
          <Route path="wishlist/:token" element={<SharedWishlistPage />} />
          <Route path="cloud-drives/*" element={<CloudDrivesPage slots={cloudDrivesSlots} />} />
          <Route path="settings" element={<SettingsPage sections={settingsSections} />} />
          <Route path="features" element={<FeaturesPage />} />
          <Route path="spending" element={<SpendingPage />} />
          <Route path="admin/performance" element={<AdminPerformancePage />} />
          {STATIC_PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {/* A spec screen still to come shows its tab, each feature replaces its own entry here; the rest is Not found. */}
          <Route path="*" element={<TabPage />} />
        </Route>
      </Routes>
    </ManageAccountsSlot>
  );
}
