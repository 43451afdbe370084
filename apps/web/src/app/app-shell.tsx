import { DEFAULT_READING_GOAL, type Me } from '@bookshelf/contract';
import { Suspense, useState } from 'react';
import { AddBookRoute } from '../features/books/components/add-book-route';
import { useBooksReadCount } from '../features/goals/api/use-books-read-count';
import { ReadingGoalCard } from '../features/goals/components/reading-goal-card';
import { AppHeader } from './app-header';
import { AddBookDialog, loadSidebarDrawer, SidebarDrawer } from './member-screens';
import { SidebarNav } from './sidebar-nav';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useSidebar } from './use-sidebar';
import { ScreenOutlet } from './screen-outlet';

const SIDEBAR_ID = 'app-sidebar';

function SidebarContent({ collapsed, me }: { collapsed: boolean; me: Me }) {
  const booksRead = useBooksReadCount();
  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <SidebarNav collapsed={collapsed} />
      </div>
      {/* A landmark of its own, so no content of the page lies outside one (axe "region"). */}
      <section aria-label="Reading goal" className="shrink-0 border-t border-gray-200 p-3 dark:border-gray-800">
        <ReadingGoalCard booksRead={booksRead} goal={me.readingGoal || DEFAULT_READING_GOAL} collapsed={collapsed} />
      </section>
    </>
  );
}

/** The signed-in layout of spec core.md §2: top bar, collapsible sidebar and a scrolling main area. */
export function AppShell({ me }: { me: Me }) {
  const sidebar = useSidebar();
  // A phone mounts the drawer when it is first opened, not with the page: its chunk then stays out of the
  // first screen's downloads (issue 11). Pointing at or focusing the toggle starts the download early.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (sidebar.drawerOpen && !drawerUsed) setDrawerUsed(true);
  return (
    <div className="flex h-dvh flex-col bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <SkipLink />
      <AppHeader
        me={me}
        sidebarExpanded={sidebar.expanded}
        sidebarId={sidebar.isDesktop ? SIDEBAR_ID : undefined}
        onToggleSidebar={sidebar.toggle}
        onToggleIntent={sidebar.isDesktop ? undefined : () => void loadSidebarDrawer()}
      />
      <div className="flex min-h-0 flex-1">
        <div
          id={SIDEBAR_ID}
          data-collapsed={sidebar.collapsed}
          className={`hidden shrink-0 flex-col border-r border-gray-200 bg-white transition-[width] duration-200 motion-reduce:transition-none md:flex dark:border-gray-800 dark:bg-gray-950 ${sidebar.collapsed ? 'w-20' : 'w-64'}`}
        >
          <SidebarContent collapsed={sidebar.collapsed} me={me} />
        </div>
        {!sidebar.isDesktop && drawerUsed && (
          <Suspense fallback={null}>
            <SidebarDrawer open={sidebar.drawerOpen} onOpenChange={sidebar.setDrawerOpen}>
              <SidebarContent collapsed={false} me={me} />
            </SidebarDrawer>
          </Suspense>
        )}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 overflow-y-auto focus:outline-none">
          <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
            <ScreenOutlet />
          </div>
        </main>
      </div>
      <AddBookRoute dialog={AddBookDialog} />
      <div aria-live="polite" className="sr-only">
        {sidebar.announcement}
      </div>
    </div>
  );
}
