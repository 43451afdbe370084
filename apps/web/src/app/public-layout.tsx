import { Link } from 'react-router';
import { focusRing, primaryButton } from '../components/ui/button-styles';
import { ServerStatus } from '../features/health/components/server-status';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { ScreenOutlet } from './screen-outlet';

const FOOTER_LINKS = [
  ['/features', 'Features'],
  ['/help', 'Help Center'],
  ['/contact', 'Contact Us'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
] as const;

const navLink = `rounded-md px-2 py-1 font-medium whitespace-nowrap text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-gray-100 ${focusRing}`;

interface PublicLayoutProps {
  onEnterLibrary: () => void;
  /** Starts downloading the sign-in dialog when the pointer or focus reaches its button. */
  onPrepareSignIn: () => void;
}

/** The visitor's frame (spec core.md §1): the landing header, the page, and a footer. */
export function PublicLayout({ onEnterLibrary, onPrepareSignIn }: PublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-gray-200 dark:border-gray-800">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
          <Link
            to="/"
            className={`flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight ${focusRing}`}
          >
            <img src="/favicon.svg" alt="" width="28" height="28" />
            {/* Narrow phones: the logo alone leaves room for both actions; screen readers still hear the name. */}
            <span className="max-[399px]:sr-only">Bookshelf</span>
          </Link>
          <nav aria-label="Main" className="flex items-center gap-2 text-sm sm:gap-4">
            <Link to="/books" className={navLink}>
              Explore Books
            </Link>
            <button
              type="button"
              onClick={onEnterLibrary}
              onPointerEnter={onPrepareSignIn}
              onFocus={onPrepareSignIn}
              className={`${primaryButton} whitespace-nowrap`}
            >
              Enter Library
            </button>
          </nav>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none">
        <ScreenOutlet />
      </main>
      <footer className="border-t border-gray-200 px-4 py-4 text-sm text-gray-600 dark:border-gray-800 dark:text-gray-400">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label="Footer" className="flex flex-wrap gap-x-2 gap-y-1">
            {FOOTER_LINKS.map(([to, label]) => (
              <Link key={to} to={to} className={`rounded-md px-1 hover:underline ${focusRing}`}>
                {label}
              </Link>
            ))}
          </nav>
          <ServerStatus />
        </div>
      </footer>
    </div>
  );
}
