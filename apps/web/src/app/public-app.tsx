import { oauthFailureMessage } from '@bookshelf/contract';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
// The landing page is in the first download: a visitor should not wait for one more chunk to see it.
import { HomePage } from '../features/home/pages/home-page';
import { toast } from '../lib/toast';
import { PublicLayout } from './public-layout';
import {
  FeaturesPage,
  LibraryTeaserPage,
  loadSignInDialog,
  SharedWishlistPage,
  SignInDialog,
  STATIC_PAGES,
} from './screens';

type SignInTab = 'sign-in' | 'sign-up';

/** Query parameters for the sign-in dialog: links that open it, and the report of a failed sign-in. */
const DIALOG_PARAMS = ['signin', 'signup', 'error'] as const;

function dialogTabFromSearch(search: string): SignInTab | null {
  const params = new URLSearchParams(search);
  if (params.has('signup')) return 'sign-up';
  if (params.has('signin')) return 'sign-in';
  return null;
}

interface DialogState {
  open: boolean;
  tab: SignInTab;
}

/** What a visitor who is not signed in sees (spec core.md §2 "Signed out"). */
export function PublicApp() {
  const location = useLocation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogState | null>(() => {
    const tab = dialogTabFromSearch(location.search);
    return tab ? { open: true, tab } : null;
  });

  // A link to ?signin=1 while the page is already open: follow it during render, not in an effect.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    const tab = dialogTabFromSearch(location.search);
    if (tab) setDialog({ open: true, tab });
  }

  // Say why a sign-in failed once, then tidy the address so a reload does not say it again.
  const handledKey = useRef<string | null>(null);
  useEffect(() => {
    if (handledKey.current === location.key) return;
    handledKey.current = location.key;
    const params = new URLSearchParams(location.search);
    if (!DIALOG_PARAMS.some((name) => params.has(name))) return;
    const error = params.get('error');
    // A toast rather than the dialog straight away: a modal would hide the message from screen readers.
    if (error) {
      toast({
        type: 'error',
        title: 'Sign-in failed',
        message: oauthFailureMessage(error),
        action: { label: 'Try again', onClick: () => setDialog({ open: true, tab: 'sign-in' }) },
      });
    }
    DIALOG_PARAMS.forEach((name) => params.delete(name));
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.key, location.pathname, location.search, navigate]);

  const openDialog = (tab: SignInTab) => setDialog({ open: true, tab });
  const signIn = () => openDialog('sign-in');
  const signUp = () => openDialog('sign-up');
  const prepare = () => void loadSignInDialog().catch(() => undefined);
  const home = <HomePage onSignUp={signUp} />;

  return (
    <>
      <Routes>
        <Route element={<PublicLayout onEnterLibrary={signIn} onPrepareSignIn={prepare} />}>
          <Route path="books/*" element={<LibraryTeaserPage onSignIn={signIn} onSignUp={signUp} />} />
          <Route path="features" element={<FeaturesPage onGetStarted={signUp} />} />
          <Route path="wishlist/:token" element={<SharedWishlistPage />} />
          {STATIC_PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {/* The spec's default for visitors is home; the address is kept, so signing in lands on it. */}
          <Route path="*" element={home} />
        </Route>
      </Routes>
      {dialog && (
        <Suspense fallback={null}>
          <SignInDialog
            open={dialog.open}
            initialTab={dialog.tab}
            onOpenChange={(open) => setDialog({ ...dialog, open })}
          />
        </Suspense>
      )}
    </>
  );
}
