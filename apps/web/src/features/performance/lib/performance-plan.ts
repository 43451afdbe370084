import { isSampledSession } from '@bookshelf/contract';

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
