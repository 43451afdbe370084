import { AnalyticsPaths, type DisplayCurrency } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { analyticsKeys } from './query-keys';

const loadSchema = () => import('./schemas').then((m) => m.SpendingSchema);

export const fetchSpending = (base: DisplayCurrency, signal?: AbortSignal) =>
  api(`${AnalyticsPaths.spending}?baseCurrency=${base}`, loadSchema, signal ? { signal } : {});

/** What was spent, in `base` at each purchase day's rate (GET /api/analytics/spending). */
export const spendingQueryOptions = (base: DisplayCurrency) =>
  queryOptions({ queryKey: analyticsKeys.spending(base), queryFn: ({ signal }) => fetchSpending(base, signal) });

/** `enabled` false until the base currency is settled (issue 27). */
export const useSpending = (base: DisplayCurrency, enabled = true) =>
  useQuery({ ...spendingQueryOptions(base), enabled });
