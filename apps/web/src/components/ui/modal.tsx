import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useReturnFocus } from './return-focus';

/* Written out whole so that Tailwind finds each class. */
const WIDTHS = { sm: 'max-w-sm', md: 'max-w-md', '2xl': 'max-w-2xl', '3xl': 'max-w-3xl' } as const;

/** What a dialog is opened and closed with, wherever it is rendered from. */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A dialog handed to code that may not import it (a dialog of another feature, a lazy screen of app/). */
export type DialogComponent = ComponentType<DialogProps>;

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  width: keyof typeof WIDTHS;
  /** The corner ✕; a confirmation that has its own Cancel goes without. */
  closeButton?: boolean;
  /** The dialog's body, with its Dialog.Title. */
  children: ReactNode;
}

/**
 * Every centred dialog of the app: Radix (focus trap, Escape, backdrop click, aria) with one look. A dialog
 * opened from another (Manage Accounts from the book form) stacks above it because its portal comes later.
 */
export function Modal({ open, onOpenChange, width, closeButton = true, children }: ModalProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <Dialog.Content
          // The portal moves the dialog out of the page's DOM but not out of React's tree, where a submit
          // still bubbles: a form in a dialog opened from inside another form would submit that one too.
          onSubmit={(event) => event.stopPropagation()}
          onCloseAutoFocus={returnFocus}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-gray-200 bg-white p-4 text-gray-900 shadow-xl focus:outline-none sm:p-6 dark:border-gray-800 dark:bg-gray-950 dark:text-gray-100 ${WIDTHS[width]}`}
        >
          {children}
          {closeButton && (
            <Dialog.Close
              aria-label="Close"
              className="absolute top-4 right-4 rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
