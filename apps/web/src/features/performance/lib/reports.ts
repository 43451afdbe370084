import { PERFORMANCE_METRICS, type PerformanceMetric, type PerformanceReport } from '@bookshelf/contract';

/** What a report says about where it was measured; read once when the reporter starts. */
export interface ReportEnvironment {
  sessionId: string;
  /** The page's address without its query or fragment: those may hold what someone searched for. */
  url: string;
  userAgent: string;
  connectionType: string;
  viewportWidth: number;
}

/** A web-vitals measurement, as much of it as a report needs. */
export interface MeasuredMetric {
  name: string;
  value: number;
  navigationType?: string;
}

const isReportedMetric = (name: string): name is PerformanceMetric =>
  (PERFORMANCE_METRICS as readonly string[]).includes(name);

/** One report per measurement (spec core.md §3 Performance report); null for a metric the server does not take. */
export function toReport(metric: MeasuredMetric, env: ReportEnvironment, now: Date): PerformanceReport | null {
  if (!isReportedMetric(metric.name) || !Number.isFinite(metric.value) || metric.value < 0) return null;
  return {
    sessionId: env.sessionId,
    timestamp: now.toISOString(),
    url: env.url,
    userAgent: env.userAgent.slice(0, 512),
    connectionType: env.connectionType.slice(0, 32),
    metrics: { [metric.name]: metric.value },
    // No route pattern: the server works it out from the address itself, whatever a client claims.
    context: {
      ...(metric.navigationType ? { navigationType: metric.navigationType.slice(0, 32) } : {}),
      viewportWidth: Math.max(0, Math.round(env.viewportWidth)),
    },
  };
}

/** The environment of this page: a fresh session id per page load, nobody's identity. */
export function readEnvironment(win: Window = window): ReportEnvironment {
  const connection = (win.navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return {
    sessionId: win.crypto.randomUUID(),
    url: `${win.location.origin}${win.location.pathname}`,
    userAgent: win.navigator.userAgent,
    connectionType: connection?.effectiveType ?? 'unknown',
    viewportWidth: win.innerWidth,
  };
}
