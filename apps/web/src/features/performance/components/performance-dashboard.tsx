import {
  PERFORMANCE_BUDGETS_KB,
  PERFORMANCE_MEMORY_WARNING_RATIO,
  PERFORMANCE_SLOW_RENDER_MS,
  ratePerformance,
  SUMMARY_METRICS,
  type PerformanceBudgetKind,
} from '@bookshelf/contract';
import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { iconButton } from '../../../components/ui/button-styles';
import { liveMetrics, subscribeLiveMetrics } from '../lib/live-metrics';
import { overBudget, resourceTotals, type ResourceTotals } from '../lib/page-resources';
import { formatMetric, RATING_CLASSES, RATING_LABELS } from './rating';

const BUDGET_KINDS = Object.keys(PERFORMANCE_BUDGETS_KB) as PerformanceBudgetKind[];
const BUDGET_LABELS: Record<PerformanceBudgetKind, string> = {
  js: 'JS',
  css: 'CSS',
  images: 'Images',
  fonts: 'Fonts',
  total: 'Total',
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface MemoryInfo {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

function readResources(): ResourceTotals {
  // The document itself counts in the total, as the budgets' "total" means everything the page downloaded.
  return resourceTotals([...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]);
}

/** Frames whose rendering step (style, layout, paint) took over 16 ms, where the browser reports them. */
function useSlowRenders(): number | null {
  const [supported] = useState(
    () =>
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'),
  );
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!supported) return;
    let seen = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { renderStart?: number })[]) {
        const renderStart = entry.renderStart ?? 0;
        if (renderStart > 0 && entry.startTime + entry.duration - renderStart > PERFORMANCE_SLOW_RENDER_MS) seen += 1;
      }
      setCount(seen);
    });
    observer.observe({ type: 'long-animation-frame', buffered: true });
    return () => observer.disconnect();
  }, [supported]);
  return supported ? count : null;
}

/**
 * The hidden performance dashboard (spec core.md §2): this page's web vitals rated by the §9 thresholds, its
 * downloads against the §9 budgets, memory (warning above 80 percent) and slow renders (above 16 ms).
 */
export function PerformanceDashboard({ onClose }: { onClose: () => void }) {
  const metrics = useSyncExternalStore(subscribeLiveMetrics, liveMetrics, liveMetrics);
  const [resources, setResources] = useState(readResources);
  const slowRenders = useSlowRenders();
  const closeButton = useRef<HTMLButtonElement>(null);
  const memory = (performance as Performance & { memory?: MemoryInfo }).memory;
  const memoryRatio = memory ? memory.usedJSHeapSize / memory.jsHeapSizeLimit : null;

  useEffect(() => {
    closeButton.current?.focus();
    const timer = setInterval(() => setResources(readResources()), 2_000);
    return () => clearInterval(timer);
  }, []);

  // A layout effect, so Escape works from the moment the dialog is on screen: a passive effect runs after
  // paint, and an Escape pressed in between was lost.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <section
      role="dialog"
      aria-labelledby="performance-dashboard-title"
      className="fixed right-3 bottom-3 z-50 max-h-[80dvh] w-[min(24rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-gray-200 bg-white p-4 text-sm text-gray-900 shadow-lg dark:border-gray-800 dark:bg-gray-900 dark:text-gray-100"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="performance-dashboard-title" className="font-semibold">
          Performance
        </h2>
        <button
          ref={closeButton}
          type="button"
          onClick={onClose}
          className={iconButton}
          aria-label="Close performance dashboard"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>

      <h3 className="mb-1 text-xs font-semibold text-gray-600 uppercase dark:text-gray-400">This page</h3>
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {SUMMARY_METRICS.map((metric) => {
          const value = metrics[metric];
          const rating = value === undefined ? null : ratePerformance(metric, value);
          return (
            <div key={metric} className="contents">
              <dt className="font-medium">{metric}</dt>
              <dd>
                {value === undefined || rating === null ? (
                  <span className="text-gray-600 dark:text-gray-400">Not measured yet</span>
                ) : (
                  <span className={`rounded px-1.5 py-0.5 ${RATING_CLASSES[rating]}`}>
                    {formatMetric(metric, value)} · {RATING_LABELS[rating]}
                  </span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>

      <h3 className="mb-1 text-xs font-semibold text-gray-600 uppercase dark:text-gray-400">
        Downloads against budgets
      </h3>
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {BUDGET_KINDS.map((kind) => (
          <div key={kind} className="contents">
            <dt className="font-medium">{BUDGET_LABELS[kind]}</dt>
            <dd className={overBudget(kind, resources[kind]) ? 'font-semibold text-red-700 dark:text-red-300' : ''}>
              {kb(resources[kind])} of {PERFORMANCE_BUDGETS_KB[kind]} KB
              {overBudget(kind, resources[kind]) && ' (over budget)'}
            </dd>
          </div>
        ))}
      </dl>

      <h3 className="mb-1 text-xs font-semibold text-gray-600 uppercase dark:text-gray-400">Runtime</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">Memory</dt>
        <dd
          className={
            memoryRatio !== null && memoryRatio > PERFORMANCE_MEMORY_WARNING_RATIO
              ? 'font-semibold text-red-700 dark:text-red-300'
              : ''
          }
        >
          {memory && memoryRatio !== null
            ? `${kb(memory.usedJSHeapSize)} (${Math.round(memoryRatio * 100)}%)${memoryRatio > PERFORMANCE_MEMORY_WARNING_RATIO ? ' High memory use' : ''}`
            : 'Not reported by this browser'}
        </dd>
        <dt className="font-medium">Slow renders</dt>
        <dd>
          {slowRenders === null
            ? 'Not reported by this browser'
            : `${slowRenders} over ${PERFORMANCE_SLOW_RENDER_MS} ms`}
        </dd>
      </dl>
      <p className="mt-3 text-xs text-gray-600 dark:text-gray-400">Ctrl/Cmd+Shift+P or Escape closes.</p>
    </section>
  );
}
