import { useEffect, useState, type ComponentType } from 'react';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { performancePlan } from '../lib/performance-plan';
import { whenIdle } from '../lib/when-idle';

/**
 * Real users' page speed and the spec's two hidden tools (core.md §2: the performance dashboard on
 * Ctrl/Cmd+Shift+P when local storage enables it, the debug box when the debug flag is true). Only the
 * decision lives in the first download; what it needs is one chunk imported once the page is idle, and the
 * nine visitors in ten without a flag download nothing more.
 */
export function PerformanceTools() {
  const [Tools, setTools] = useState<ComponentType | null>(null);

  useEffect(() => {
    const flags = {
      dashboard: readStorage(STORAGE_KEYS.performanceDashboard) === 'true',
      debug: readStorage(STORAGE_KEYS.debug) === 'true',
    };
    const plan = performancePlan(Math.random(), flags, navigator.webdriver === true);
    if (!plan) return;
    return whenIdle(() => {
      void import('./performance-boot').then((m) => setTools(() => m.boot(plan))).catch(() => undefined);
    });
  }, []);

  return Tools ? <Tools /> : null;
}
