import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { readSidebarCollapsed, writeSidebarCollapsed } from '../lib/sidebar-preferences';
import { useMediaQuery } from './use-media-query';

/** Tailwind's md breakpoint: below it the sidebar is an off-canvas drawer. */
export const DESKTOP_QUERY = '(min-width: 48rem)';

export const SIDEBAR_ANNOUNCEMENTS = { collapsed: 'Sidebar collapsed', expanded: 'Sidebar expanded' } as const;

export interface SidebarState {
  isDesktop: boolean;
  /** Desktop only: icons without labels. */
  collapsed: boolean;
  /** Mobile only: the drawer is open. */
  drawerOpen: boolean;
  /** What the toggle button reports as aria-expanded, whichever form the sidebar has. */
  expanded: boolean;
  /** The last change, for a polite live region. */
  announcement: string;
  toggle: () => void;
  setDrawerOpen: (open: boolean) => void;
}

/** Ctrl+B, or Cmd+B on a Mac (spec core.md §2); not while an input method is composing text. */
export const isSidebarShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) &&
  !event.altKey &&
  !event.shiftKey &&
  !event.isComposing &&
  event.key.toLowerCase() === 'b';

export function useSidebar(): SidebarState {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true);
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  // The drawer remembers the page it was opened on: navigating anywhere closes it without an effect.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const drawerOpen = !isDesktop && drawerPath === pathname;

  const setDrawerOpen = useCallback(
    (open: boolean) => {
      setDrawerPath(open ? pathname : null);
      setAnnouncement(open ? SIDEBAR_ANNOUNCEMENTS.expanded : SIDEBAR_ANNOUNCEMENTS.collapsed);
    },
    [pathname],
  );

  const toggle = useCallback(() => {
    if (!isDesktop) {
      setDrawerOpen(!drawerOpen);
      return;
    }
    const next = !collapsed;
    setCollapsed(next);
    writeSidebarCollapsed(next);
    setAnnouncement(next ? SIDEBAR_ANNOUNCEMENTS.collapsed : SIDEBAR_ANNOUNCEMENTS.expanded);
  }, [isDesktop, collapsed, drawerOpen, setDrawerOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSidebarShortcut(event)) return;
      // Browsers bind Ctrl+B to bookmarks; inside the app it belongs to the sidebar.
      event.preventDefault();
      toggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return {
    isDesktop,
    collapsed,
    drawerOpen,
    expanded: isDesktop ? !collapsed : drawerOpen,
    announcement,
    toggle,
    setDrawerOpen,
  };
}
