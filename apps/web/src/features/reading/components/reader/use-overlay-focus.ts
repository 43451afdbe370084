import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal overlay's focus: into it on open, held inside it while Tab moves on, and back where it was on
 * close (when that element is still in the page). The page behind is hidden from the body's scrolling.
 */
export function useOverlayFocus(overlay: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    // Not the overlay's own element: StrictMode runs this twice in development.
    if (active instanceof HTMLElement && !overlay.current?.contains(active)) opener.current = active;
    overlay.current?.focus({ preventScroll: true });
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // After the overlay has left the page, so the element behind it can take focus.
      setTimeout(() => {
        const element = opener.current;
        if (element?.isConnected && element !== document.body) element.focus({ preventScroll: true });
      }, 0);
    };
  }, [overlay]);

  useEffect(() => {
    const el = overlay.current;
    if (!el) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Tab' || !el) return;
      const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (item) => !item.closest('[hidden], [inert]'),
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === el)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    el.addEventListener('keydown', onKeyDown);
    return () => el.removeEventListener('keydown', onKeyDown);
  }, [overlay]);
}
