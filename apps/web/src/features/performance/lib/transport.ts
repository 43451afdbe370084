import { PerformancePaths, type PerformanceBatch, type PerformanceReport } from '@bookshelf/contract';
import type { Transport } from './report-queue';

export const SDK_VERSION = 'web-vitals@6';

export const toBatch = (reports: PerformanceReport[], now: Date): PerformanceBatch => ({
  reports,
  metadata: { sdkVersion: SDK_VERSION, timestamp: now.toISOString() },
});

/**
 * Sends a batch and forgets it: a lost report costs nothing, and retrying one would only add load when the
 * server is already struggling. A beacon is text/plain, the one type sendBeacon sends without a CORS
 * preflight; the server reads it as JSON on this route (decision 032).
 */
export function sendBatch(batch: PerformanceBatch, via: Transport): void {
  const body = JSON.stringify(batch);
  if (via === 'beacon' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(PerformancePaths.reports, new Blob([body], { type: 'text/plain' }))) return;
  }
  fetch(PerformancePaths.reports, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    credentials: 'same-origin',
    keepalive: true,
    body,
  }).catch(() => undefined);
}
