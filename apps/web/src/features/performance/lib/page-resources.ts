import { PERFORMANCE_BUDGETS_KB, type PerformanceBudgetKind } from '@bookshelf/contract';

/** Bytes of this page's downloads by kind, the budgets' kinds (spec core.md §9). */
export type ResourceTotals = Record<PerformanceBudgetKind, number>;

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|ico)(\?|$)/i;
const FONT = /\.(woff2?|ttf|otf|eot)(\?|$)/i;

function kindOf(entry: Pick<PerformanceResourceTiming, 'name' | 'initiatorType'>): PerformanceBudgetKind | null {
  const path = entry.name;
  if (/\.m?js(\?|$)/i.test(path) || entry.initiatorType === 'script') return 'js';
  if (/\.css(\?|$)/i.test(path)) return 'css';
  if (FONT.test(path)) return 'fonts';
  if (IMAGE.test(path) || entry.initiatorType === 'img' || entry.initiatorType === 'image') return 'images';
  return null;
}

/**
 * Adds up resource entries as sent (transferSize; the encoded body when a cached entry reports 0). API calls
 * and other kinds count in the total only.
 */
export function resourceTotals(
  entries: readonly Pick<PerformanceResourceTiming, 'name' | 'initiatorType' | 'transferSize' | 'encodedBodySize'>[],
): ResourceTotals {
  const totals: ResourceTotals = { js: 0, css: 0, images: 0, fonts: 0, total: 0 };
  for (const entry of entries) {
    const bytes = entry.transferSize || entry.encodedBodySize || 0;
    const kind = kindOf(entry);
    if (kind) totals[kind] += bytes;
    totals.total += bytes;
  }
  return totals;
}

export const overBudget = (kind: PerformanceBudgetKind, bytes: number) => bytes > PERFORMANCE_BUDGETS_KB[kind] * 1024;
