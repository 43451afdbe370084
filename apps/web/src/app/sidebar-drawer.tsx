import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { iconButton } from '../components/ui/button-styles';
import { useReturnFocus } from '../components/ui/return-focus';

interface SidebarDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/**
 * The sidebar on narrow screens: an off-canvas panel over the page. A modal dialog gives it the focus trap,
 * Escape, the backdrop click and the return of focus to the toggle.
 */
export function SidebarDrawer({ open, onOpenChange, children }: SidebarDrawerProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 left-0 z-50 flex w-64 max-w-[85vw] flex-col overflow-y-auto border-r border-gray-200 bg-white shadow-xl focus:outline-none md:hidden dark:border-gray-800 dark:bg-gray-950"
        >
          <div className="flex items-center justify-between px-4 pt-3">
            <Dialog.Title className="text-lg font-semibold tracking-tight">Bookshelf</Dialog.Title>
            <Dialog.Close aria-label="Close sidebar" className={iconButton}>
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
