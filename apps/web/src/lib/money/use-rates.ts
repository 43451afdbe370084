import { MoneyPaths, type DisplayCurrency } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { moneyKeys } from './use-money-preferences';

const loadRatesSchema = () => import('./money-schemas').then((m) => m.RatesSchema);

/**
 * One unit of each currency in `base` on `date` (a purchase's day; today when null): the central bank's
 * rates of that day when the instance has them, else the fixed tables. A past day's rates never change.
 */
export function useRates(base: DisplayCurrency, date: string | null, enabled = true) {
  return useQuery({
    queryKey: moneyKeys.rates(base, date),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ base, ...(date ? { date } : {}) });
      return api(`${MoneyPaths.rates}?${query}`, loadRatesSchema, { signal });
    },
    staleTime: date ? Infinity : 60 * 60_000,
    enabled,
  });
}
