import { lazyScreen } from './lazy-screen';

/*
 * The signed-in app's lazily loaded screens, declared together in one module of its chunk (as screens.ts does
 * for the visitor's): a visitor's first download does not carry their import() calls and chunk lists
 * (decision 030). No module loaded from here imports this one back.
 */

export const DashboardPage = lazyScreen(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage');
export const LibraryPage = lazyScreen(() => import('../features/books/pages/library-page'), 'LibraryPage');
export const BookDetailsPage = lazyScreen(() => import('../features/books/pages/book-details-page'), 'BookDetailsPage');
export const BookSummaryPage = lazyScreen(() => import('../features/books/pages/book-summary-page'), 'BookSummaryPage');
export const AddBookDialog = lazyScreen(() => import('../features/books/components/add-book-dialog'), 'AddBookDialog');
export const ManageAccountsDialog = lazyScreen(
  () => import('../features/accounts/components/manage-accounts-dialog'),
  'ManageAccountsDialog',
);
export const WishlistPage = lazyScreen(() => import('../features/wishlist/pages/wishlist-page'), 'WishlistPage');
export const SharedWishlistPage = lazyScreen(
  () => import('../features/wishlist/pages/shared-wishlist-page'),
  'SharedWishlistPage',
);
export const SettingsPage = lazyScreen(() => import('../features/settings/pages/settings-page'), 'SettingsPage');
export const SpendingPage = lazyScreen(() => import('../features/analytics/pages/spending-page'), 'SpendingPage');
export const CloudDrivesPage = lazyScreen(
  () => import('../features/cloud-drives/pages/cloud-drives-page'),
  'CloudDrivesPage',
);
/** The reader and Reading Progress (the reading feature), handed to the Cloud Drives screen as its slots. */
export const ReaderScreen = lazyScreen(() => import('../features/reading/pages/reader-screen'), 'ReaderScreen');
export const ReadingProgressScreen = lazyScreen(
  () => import('../features/reading/pages/reading-progress-screen'),
  'ReadingProgressScreen',
);
export const TabPage = lazyScreen(() => import('./tab-page'), 'TabPage');
/** The phone's drawer, once asked for: desktops never download its modal machinery, phones not before use. */
export const loadSidebarDrawer = () => import('./sidebar-drawer');
export const SidebarDrawer = lazyScreen(loadSidebarDrawer, 'SidebarDrawer');
