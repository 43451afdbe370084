import { useEffect, useState, type RefObject } from 'react';

/** The Fullscreen API on the reader's overlay; `supported` is false where the browser offers none (iPhone). */
export function useFullscreen(element: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  useEffect(() => {
    const onChange = () =>
      setActive(document.fullscreenElement != null && document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', onChange);
    const el = element.current;
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (el && document.fullscreenElement === el) void document.exitFullscreen().catch(() => undefined);
    };
  }, [element]);

  const exit = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };

  const toggle = () => {
    if (document.fullscreenElement) exit();
    else void element.current?.requestFullscreen?.().catch(() => undefined);
  };

  return { supported, active, toggle, exit };
}
