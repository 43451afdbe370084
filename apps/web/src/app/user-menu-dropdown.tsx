import type { Me } from '@bookshelf/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChartColumn, LogOut, Settings } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ADMIN_PERFORMANCE_PATH } from '../features/performance/public';
import { useSignOut } from '../lib/sign-out';
import { toast } from '../lib/toast';
import { userMenuTriggerClass, UserMenuTriggerContent } from './user-menu-trigger';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-gray-700 outline-none select-none data-[highlighted]:bg-gray-100 data-[highlighted]:text-gray-900 dark:text-gray-200 dark:data-[highlighted]:bg-gray-800 dark:data-[highlighted]:text-gray-100';

/**
 * The header's user menu (spec core.md §1) once someone reaches for it: see user-menu.tsx, which shows the
 * same trigger until then. `defaultOpen` when that trigger was pressed before this chunk arrived.
 */
export function UserMenuDropdown({ me, defaultOpen = false }: { me: Me; defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  async function onSignOut() {
    try {
      await signOut.mutateAsync();
      // The file cache's code loads only now, so the shell's first download stays without it.
      void import('../features/cloud-drives/lib/forget-local-files')
        .then((m) => m.forgetLocalFiles())
        .catch(() => undefined);
      void navigate('/', { replace: true });
    } catch {
      toast.error('Logout failed');
    }
  }

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger title={me.name} className={userMenuTriggerClass}>
        <UserMenuTriggerContent me={me} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 max-w-[calc(100vw-1.5rem)] rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-800 dark:bg-gray-900"
        >
          <DropdownMenu.Label className="px-2 py-2">
            <span className="block truncate text-sm font-semibold text-gray-900 dark:text-gray-100">{me.name}</span>
            {me.email && <span className="block truncate text-xs text-gray-500 dark:text-gray-400">{me.email}</span>}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200 dark:bg-gray-800" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings">
              <Settings aria-hidden className="size-4" />
              Settings
            </Link>
          </DropdownMenu.Item>
          {me.isAdmin && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={ADMIN_PERFORMANCE_PATH}>
                <ChartColumn aria-hidden className="size-4" />
                Performance
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className={itemClass}
            disabled={signOut.isPending}
            onSelect={() => {
              void onSignOut();
            }}
          >
            <LogOut aria-hidden className="size-4" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
