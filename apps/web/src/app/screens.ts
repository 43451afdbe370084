import { lazyQueryScreen, lazyScreen } from './lazy-screen';

/*
 * Every lazily loaded screen, each a chunk of its own, declared together in one module of the entry chunk.
 * Where an import() sits matters to the bundler: declared inside another lazy chunk, a screen's shared
 * dependencies get split into extra small files, and the landing page's first download grows (bench/bundle).
 * No module loaded from here imports this one back, so there is no import loop through it: features get the
 * screens they open as props or through a context (AddBookRoute's dialog, the book form's ManageAccountsSlot),
 * and the two chunks that use these screens are declared by their one user instead (the signed-in app in
 * routes.tsx, the settings accounts section in authenticated-app.tsx).
 */

/** The dialog and the query library it brings (lazyQueryScreen), fetched early when a visitor reaches for it. */
export const loadSignInDialog = () =>
  Promise.all([import('../features/auth/components/sign-in-dialog'), import('../lib/query-client')]);
export const SignInDialog = lazyQueryScreen(() => import('../features/auth/components/sign-in-dialog'), 'SignInDialog');
export const AuthCallbackPage = lazyScreen(
  () => import('../features/auth/pages/auth-callback-page'),
  'AuthCallbackPage',
);
export const ResetPasswordPage = lazyQueryScreen(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);

export const LibraryTeaserPage = lazyScreen(
  () => import('../features/home/pages/library-teaser-page'),
  'LibraryTeaserPage',
);
export const FeaturesPage = lazyScreen(() => import('../features/home/pages/features-page'), 'FeaturesPage');

/** The information pages (spec core.md §2, social.md §2), the same for visitors and members. */
export const STATIC_PAGES = [
  { path: 'help', Page: lazyScreen(() => import('../features/home/pages/help-page'), 'HelpPage') },
  { path: 'contact', Page: lazyScreen(() => import('../features/home/pages/contact-page'), 'ContactPage') },
  { path: 'privacy', Page: lazyScreen(() => import('../features/home/pages/privacy-page'), 'PrivacyPage') },
  { path: 'terms', Page: lazyScreen(() => import('../features/home/pages/terms-page'), 'TermsPage') },
] as const;

export const DashboardPage = lazyScreen(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage');
export const LibraryPage = lazyScreen(() => import('../features/books/pages/library-page'), 'LibraryPage');
export const BookDetailsPage = lazyScreen(() => import('../features/books/pages/book-details-page'), 'BookDetailsPage');
export const BookSummaryPage = lazyScreen(() => import('../features/books/pages/book-summary-page'), 'BookSummaryPage');
export const AddBookDialog = lazyScreen(() => import('../features/books/components/add-book-dialog'), 'AddBookDialog');
export const ManageAccountsDialog = lazyScreen(
  () => import('../features/accounts/components/manage-accounts-dialog'),
  'ManageAccountsDialog',
);
export const SettingsPage = lazyScreen(() => import('../features/settings/pages/settings-page'), 'SettingsPage');
export const TabPage = lazyScreen(() => import('./tab-page'), 'TabPage');
/** Phones only: desktops never download the drawer's modal machinery. */
export const SidebarDrawer = lazyScreen(() => import('./sidebar-drawer'), 'SidebarDrawer');
