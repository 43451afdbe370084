import type { PerformanceMetric } from '@bookshelf/contract';

/** This page's latest value of each metric, for the hidden dashboard; filled by the reporter. */
export type LiveMetrics = Partial<Record<PerformanceMetric, number>>;

let current: LiveMetrics = {};
const listeners = new Set<() => void>();

export const liveMetrics = (): LiveMetrics => current;

export function setLiveMetric(name: PerformanceMetric, value: number): void {
  current = { ...current, [name]: value };
  for (const listener of listeners) listener();
}

/** useSyncExternalStore's subscribe. */
export function subscribeLiveMetrics(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
