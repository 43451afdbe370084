import { isSampledSession } from '@bookshelf/contract';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { loadWithRetry } from '../../../lib/lazy-retry';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { whenIdle } from '../lib/when-idle';

const PerformanceDashboard = lazy(() =>
  loadWithRetry(() => import('./performance-dashboard')).then((m) => ({ default: m.PerformanceDashboard })),
);
const DebugBox = lazy(() => loadWithRetry(() => import('./debug-box')).then((m) => ({ default: m.DebugBox })));

/** Ctrl+Shift+P, or Cmd+Shift+P on a Mac. */
export const isDashboardShortcut = (event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'key'>) =>
  (event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'p';

/**
 * Whether this page load measures real users' speed: one session in ten (spec core.md §9 sampling 0.1), or
 * always with the dashboard enabled. Automated browsers (navigator.webdriver: tests, benchmarks, Lighthouse)
 * never report: their numbers are not real users', and a chance download would make first-load figures vary.
 */
export function reporterPlan(random: number, dashboardEnabled: boolean, automated: boolean) {
  const send = !automated && isSampledSession(random);
  return { load: send || dashboardEnabled, send, live: dashboardEnabled };
}

const subscribeStorage = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};

/** A local storage flag that is on when it holds 'true'; off while a prerendered page hydrates. */
function useStorageFlag(key: string): boolean {
  return useSyncExternalStore(
    subscribeStorage,
    () => readStorage(key) === 'true',
    () => false,
  );
}

/**
 * Real users' page speed and the spec's two hidden tools (core.md §2): the hidden performance dashboard,
 * opened with Ctrl/Cmd+Shift+P when local storage enables it, and the debug box, shown when the local storage
 * debug flag is true. Nothing here shows while a prerendered page hydrates, and everything is loaded only when
 * needed.
 */
export function PerformanceTools() {
  const dashboardEnabled = useStorageFlag(STORAGE_KEYS.performanceDashboard);
  const debug = useStorageFlag(STORAGE_KEYS.debug);
  const [dashboardOpen, setDashboardOpen] = useState(false);

  useEffect(() => {
    // Read here rather than from the hook's value: the decision is taken once per page load.
    const enabled = readStorage(STORAGE_KEYS.performanceDashboard) === 'true';
    const plan = reporterPlan(Math.random(), enabled, navigator.webdriver === true);
    if (!plan.load) return;
    return whenIdle(() => {
      void import('../lib/reporter').then((m) => m.startReporter(plan)).catch(() => undefined);
    });
  }, []);

  useEffect(() => {
    if (!dashboardEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isDashboardShortcut(event)) return;
      event.preventDefault();
      setDashboardOpen((open) => !open);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dashboardEnabled]);

  if (!dashboardOpen && !debug) return null;
  return (
    <Suspense fallback={null}>
      {dashboardOpen && <PerformanceDashboard onClose={() => setDashboardOpen(false)} />}
      {debug && <DebugBox />}
    </Suspense>
  );
}
