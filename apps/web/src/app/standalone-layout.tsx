import { Link } from 'react-router';
import { focusRing } from '../components/ui/button-styles';
import { MAIN_CONTENT_ID } from './skip-link';
import { ScreenOutlet } from './screen-outlet';

/**
 * A plain frame for pages that work the same signed in or out (sign-in callbacks, password reset). They
 * change who is signed in, so they must not sit inside a layout that switches with the session.
 */
export function StandaloneLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-gray-200 dark:border-gray-800">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <Link
            to="/"
            className={`flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight ${focusRing}`}
          >
            <img src="/favicon.svg" alt="" width="28" height="28" />
            Bookshelf
          </Link>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="w-full flex-1 px-4 py-8 focus:outline-none">
        <ScreenOutlet />
      </main>
    </div>
  );
}
