/*
 * What a toast is, shared by the store (toast.tsx) and the list that draws it (components/ui/toast-list.tsx),
 * which the store loads lazily: the list takes these from here, not from the store, so the two import no loop.
 */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before it closes by itself; 0 keeps it until dismissed. */
  duration?: number;
  action?: ToastAction;
}

export interface Toast extends ToastOptions {
  id: string;
  duration: number;
  /** entering → shown → leaving drives the enter and exit transitions. */
  phase: 'entering' | 'shown' | 'leaving';
}

/** Alt+T moves focus to the newest toast, so its action is in reach from the keyboard. */
export const TOAST_HOTKEY = { altKey: true, code: 'KeyT', label: 'Alt+T' } as const;

/** Why a toast is waiting: while any reason holds, its clock stands still. */
export type ToastHold = 'hover' | 'focus';

/** Marks each toast's element in the list, for the hotkey to find the newest one. */
export const TOAST_ELEMENT_ATTRIBUTE = 'data-toast';
