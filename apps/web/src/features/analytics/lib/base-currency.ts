import type { DisplayCurrency, MoneyDisplay } from '@bookshelf/contract';
import { useMoneyPreferences } from '../../money/public';

/**
 * The currency analytics count in and how amounts are written: the reader's money settings (core.md §9).
 * `settled`: that currency is the reader's, not a first guess (the figures wait for it, issue 27).
 */
export function useAnalyticsMoney(): { baseCurrency: DisplayCurrency; display: MoneyDisplay; settled: boolean } {
  const { baseCurrency, showSymbols, showCodes, locale, settled } = useMoneyPreferences();
  return { baseCurrency, display: { showSymbols, showCodes, locale }, settled };
}
