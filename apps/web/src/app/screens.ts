import { lazyQueryScreen, lazyScreen } from './lazy-screen';

/*
 * The visitor's lazily loaded screens (and the information pages members share), each a chunk of its own,
 * declared together in one module of the entry chunk; the signed-in app's are in member-screens.ts, in its
 * chunk, so a visitor's first download does not carry their import() calls (decision 030: moving them there
 * took 0.9 KB off the landing and 11 files off the dashboard's first load).
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
/** A drive's sign-in popup comes back here (core.md §2 `/oauth/callback/{provider}`), signed in or not. */
export const DriveOAuthPopupPage = lazyScreen(
  () => import('../features/cloud-drives/pages/oauth-popup-page'),
  'DriveOAuthPopupPage',
);
export const ResetPasswordPage = lazyQueryScreen(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
/** The e-mailed link that finishes a sign-up (issue 27) opens here. */
export const VerifyEmailPage = lazyQueryScreen(
  () => import('../features/auth/pages/verify-email-page'),
  'VerifyEmailPage',
);

export const LibraryTeaserPage = lazyScreen(
  () => import('../features/home/pages/library-teaser-page'),
  'LibraryTeaserPage',
);
export const FeaturesPage = lazyScreen(() => import('../features/home/pages/features-page'), 'FeaturesPage');

/** A wishlist shared by its link (core.md §2 `/wishlist/{id}`): visitors read it without signing in. */
export const SharedWishlistPage = lazyQueryScreen(
  () => import('../features/wishlist/pages/shared-wishlist-page'),
  'SharedWishlistPage',
);

/** The information pages (spec core.md §2, social.md §2), the same for visitors and members. */
export const STATIC_PAGES = [
  { path: 'help', Page: lazyScreen(() => import('../features/home/pages/help-page'), 'HelpPage') },
  { path: 'contact', Page: lazyScreen(() => import('../features/home/pages/contact-page'), 'ContactPage') },
  { path: 'privacy', Page: lazyScreen(() => import('../features/home/pages/privacy-page'), 'PrivacyPage') },
  { path: 'terms', Page: lazyScreen(() => import('../features/home/pages/terms-page'), 'TermsPage') },
] as const;
