import { isUnitlessMetric, type PerformanceMetric, type PerformanceRating } from '@bookshelf/contract';

/** Words as well as colour (WCAG 1.4.1); the text colours pass AA contrast on white and on gray-900. */
export const RATING_LABELS: Record<PerformanceRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

export const RATING_CLASSES: Record<PerformanceRating, string> = {
  good: 'bg-green-50 text-green-800 dark:bg-green-950/60 dark:text-green-200',
  'needs-improvement': 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
  poor: 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200',
};

/** 2,480 ms, 1.2 s past ten seconds; CLS as a score with three decimals. */
export function formatMetric(metric: PerformanceMetric, value: number): string {
  if (isUnitlessMetric(metric)) return value.toFixed(3);
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}
