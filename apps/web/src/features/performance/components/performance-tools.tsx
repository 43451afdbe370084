import { isSampledSession } from '@bookshelf/contract';
import { useEffect, useState, type ComponentType } from 'react';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { whenIdle } from '../lib/when-idle';

export interface ToolFlags {
  dashboard: boolean;
  debug: boolean;
}

/**
 * What this page load needs, or null for nothing: the reporter for one session in ten (spec core.md §9
 * sampling 0.1), or always with the dashboard enabled, where it measures without sending; the hidden tools
 * when either local storage flag is set. Automated browsers (navigator.webdriver: tests, benchmarks,
 * Lighthouse) never report: their numbers are not real users', and a chance download would make first-load
 * figures vary from run to run.
 */
export function performancePlan(random: number, flags: ToolFlags, automated: boolean) {
  const send = !automated && isSampledSession(random);
  const reporter = send || flags.dashboard ? { send, live: flags.dashboard } : null;
  return reporter || flags.debug ? { reporter, flags } : null;
}
export type PerformancePlan = NonNullable<ReturnType<typeof performancePlan>>;

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
