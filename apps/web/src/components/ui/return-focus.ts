import { useLayoutEffect, useRef } from 'react';

/**
 * For a Radix dialog opened from a plain button or link rather than a Dialog.Trigger: Radix gives focus back
 * only to its own trigger, so without this, closing leaves focus on <body>. Remembers the element that had
 * focus when `open` turned true (a layout effect runs before Radix moves focus into the dialog) and returns
 * the dialog's onCloseAutoFocus handler, which puts focus back there if it is still in the page.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open && active instanceof HTMLElement && active !== document.body) opener.current = active;
  }, [open]);
  return (event) => {
    const element = opener.current;
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus();
  };
}
