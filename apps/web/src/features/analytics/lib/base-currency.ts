import type { DisplayCurrency, MoneyDisplay } from '@bookshelf/contract';
import { useMoneyPreferences } from '../../money/public';

/** The currency analytics count in and how amounts are written: the reader's money settings (core.md §9). */
export function useAnalyticsMoney(): { baseCurrency: DisplayCurrency; display: MoneyDisplay } {
  const { baseCurrency, showSymbols, showCodes } = useMoneyPreferences();
  return { baseCurrency, display: { showSymbols, showCodes } };
}
