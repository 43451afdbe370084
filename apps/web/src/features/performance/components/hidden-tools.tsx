import { lazy, Suspense, useEffect, useState } from 'react';
import { loadWithRetry } from '../../../lib/lazy-retry';
import { DebugBox } from './debug-box';

const PerformanceDashboard = lazy(() =>
  loadWithRetry(() => import('./performance-dashboard')).then((m) => ({ default: m.PerformanceDashboard })),
);

/** Ctrl+Shift+P, or Cmd+Shift+P on a Mac. */
export const isDashboardShortcut = (event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'key'>) =>
  (event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'p';

/** The hidden tools a local storage flag turned on (see PerformanceTools). */
export function HiddenTools({ dashboard, debug }: { dashboard: boolean; debug: boolean }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!dashboard) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isDashboardShortcut(event)) return;
      event.preventDefault();
      setOpen((wasOpen) => !wasOpen);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dashboard]);

  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <PerformanceDashboard onClose={() => setOpen(false)} />
        </Suspense>
      )}
      {debug && <DebugBox />}
    </>
  );
}
