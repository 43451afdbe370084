import { startReporter } from '../lib/reporter';
import { HiddenTools } from './hidden-tools';
import type { PerformancePlan } from '../lib/performance-plan';

/** Starts what the plan asks for; answers the hidden tools to render, if a flag asked for them. */
export function boot({ reporter, flags }: PerformancePlan) {
  if (reporter) startReporter(reporter);
  if (!flags.dashboard && !flags.debug) return null;
  return function Tools() {
    return <HiddenTools {...flags} />;
  };
}
