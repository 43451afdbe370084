import { isScreenPath, pathToTab, tabToPath } from '@bookshelf/contract';
import { useId, useRef, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { SIDEBAR_GROUPS } from './sidebar-items';

/** Where each arrow key moves within the list of sidebar links (spec core.md §2). */
function nextIndex(key: string, current: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function SidebarNav({ collapsed }: { collapsed: boolean }) {
  const { pathname } = useLocation();
  // Not found belongs to no tab: the spec's "anything else is dashboard" would mark Dashboard as current.
  const activeTab = isScreenPath(pathname) ? pathToTab(pathname) : null;
  const navRef = useRef<HTMLElement>(null);
  const idPrefix = useId();

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const links = Array.from(navRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []);
    const target = nextIndex(event.key, links.indexOf(document.activeElement as HTMLAnchorElement), links.length);
    if (target === null || links.length === 0) return;
    event.preventDefault(); // the arrows would otherwise scroll the sidebar as well
    links[target]?.focus();
  }

  return (
    <nav ref={navRef} aria-label="Sidebar" onKeyDown={onKeyDown} className="flex flex-col gap-4 px-3 py-4">
      {SIDEBAR_GROUPS.map((group, groupIndex) => {
        const headingId = `${idPrefix}-group-${groupIndex}`;
        return (
          <div key={group.label}>
            <p
              id={headingId}
              className={
                collapsed
                  ? 'sr-only'
                  : 'px-3 pb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400'
              }
            >
              {group.label}
            </p>
            <ul aria-labelledby={headingId} className="flex flex-col gap-0.5">
              {group.items.map(({ tab, label, icon: Icon }) => {
                const active = tab === activeTab;
                return (
                  <li key={tab}>
                    <Link
                      to={tabToPath(tab)}
                      aria-current={active ? 'page' : undefined}
                      // Collapsed, the icon stands alone: the label becomes its name and its tooltip.
                      aria-label={collapsed ? label : undefined}
                      title={collapsed ? label : undefined}
                      className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500 ${collapsed ? 'justify-center' : ''} ${
                        active
                          ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300'
                          : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-gray-100'
                      }`}
                    >
                      <Icon aria-hidden className="size-5 shrink-0" />
                      {!collapsed && <span className="truncate">{label}</span>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
