import { AnalyticsPaths, type DisplayCurrency } from '@bookshelf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { analyticsKeys } from './query-keys';

const loadSchema = () => import('./schemas').then((m) => m.LibraryValueSchema);

/** Without a currency, the server counts in the reader's stored base currency and names it in the answer. */
export const fetchLibraryValue = (base: DisplayCurrency | undefined, signal?: AbortSignal) =>
  api(
    base ? `${AnalyticsPaths.libraryValue}?baseCurrency=${base}` : AnalyticsPaths.libraryValue,
    loadSchema,
    signal ? { signal } : {},
  );

/** What the library cost, in `base` (or the stored base currency) at today's rates. */
export const libraryValueQueryOptions = (base?: DisplayCurrency) =>
  queryOptions({ queryKey: analyticsKeys.value(base), queryFn: ({ signal }) => fetchLibraryValue(base, signal) });

/** `enabled` false until the base currency is settled (issue 27): no figure in a currency about to change. */
export const useLibraryValue = (base?: DisplayCurrency, enabled = true) =>
  useQuery({ ...libraryValueQueryOptions(base), enabled });
