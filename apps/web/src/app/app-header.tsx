import type { Me } from '@bookshelf/contract';
import { Menu, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing, iconButton, primaryButtonBase } from '../components/ui/button-styles';
import { useOpenAddBook } from '../features/books/components/add-book-route';
import { LibrarySearch } from '../features/books/components/library-search';
import { NotificationsButton } from './notifications-button';
import { ThemeSwitch } from './theme-switch';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  me: Me;
  sidebarExpanded: boolean;
  /** The element the toggle shows and hides, when it is in the page (the desktop sidebar). */
  sidebarId: string | undefined;
  onToggleSidebar: () => void;
  /** The pointer is over the toggle, or focus on it: it may be pressed next. */
  onToggleIntent?: () => void;
}

/** The signed-in top bar of spec core.md §1 and §2. */
export function AppHeader({ me, sidebarExpanded, sidebarId, onToggleSidebar, onToggleIntent }: AppHeaderProps) {
  const openAddBook = useOpenAddBook();
  return (
    // Phones: the search takes a row of its own under the buttons, instead of what room five buttons leave it.
    <header className="flex shrink-0 flex-wrap items-center gap-2 border-b border-gray-200 bg-white px-3 py-2.5 sm:h-16 sm:flex-nowrap sm:gap-3 sm:px-4 sm:py-0 dark:border-gray-800 dark:bg-gray-950">
      <button
        type="button"
        aria-label="Toggle sidebar"
        title="Toggle sidebar (Ctrl+B)"
        aria-expanded={sidebarExpanded}
        aria-controls={sidebarId}
        onClick={onToggleSidebar}
        onPointerEnter={onToggleIntent}
        onFocus={onToggleIntent}
        className={iconButton}
      >
        <Menu aria-hidden className="size-5" />
      </button>
      <Link
        to="/"
        className={`hidden shrink-0 items-center gap-2 rounded-md text-lg font-semibold tracking-tight lg:flex ${focusRing}`}
      >
        {/* Lazy: phones hide the name and logo, and then never fetch it. */}
        <img src="/favicon.svg" alt="" loading="lazy" className="size-7" />
        Bookshelf
      </Link>
      <div className="order-last w-full sm:order-none sm:w-auto sm:min-w-0 sm:flex-1">
        <LibrarySearch />
      </div>
      {/* Opens the Add New Book dialog over the page the reader is on, and focus comes back here on close. */}
      <button
        type="button"
        onClick={openAddBook}
        className={`${primaryButtonBase} ml-auto h-9 shrink-0 px-2.5 sm:ml-0 sm:px-4`}
      >
        <Plus aria-hidden className="size-4" />
        <span className="sr-only sm:not-sr-only">Add Book</span>
      </button>
      <div className="flex shrink-0 items-center gap-1">
        <ThemeSwitch />
        <NotificationsButton />
      </div>
      <UserMenu me={me} />
    </header>
  );
}
