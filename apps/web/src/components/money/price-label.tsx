import { convertAmount, formatMoney, formatRate, MoneyMessages } from '@bookshelf/contract';
import { useId } from 'react';
import { useMoneyPreferences } from '../../lib/money/use-money-preferences';
import { useRates } from '../../lib/money/use-rates';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (day: string) => dayFormat.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

interface PriceLabelProps {
  amount: number;
  currency: string;
  /**
   * The day whose rate converts it (a purchase's date: core.md §9 "using the purchase date"), shown in the
   * tooltip; null converts at today's rate (a current value).
   */
  date?: string | null;
  className?: string;
}

/**
 * An amount as the reader chose to see money (core.md §9): in their base currency with the original in
 * brackets, and a tooltip with the rate, its date and source, the purchase date and "Converted to your base
 * currency (CODE)". The same currency, or a reader who turned conversion off, sees the amount alone.
 */
export function PriceLabel({ amount, currency, date = null, className }: PriceLabelProps) {
  const preferences = useMoneyPreferences();
  const { baseCurrency: base, showMultipleCurrencies, showConversionRates, settled, locale } = preferences;
  const converts = showMultipleCurrencies && currency !== base;
  const day = date ? date.slice(0, 10) : null;
  const rates = useRates(base, day, converts && settled);
  const tipId = useId();
  const original = formatMoney(amount, currency, preferences);

  // Until the base currency is the reader's, a converted figure could be in the wrong currency.
  if (!settled && showMultipleCurrencies) return <span className={className}>Loading...</span>;
  if (!converts || rates.isError) return <span className={className}>{original}</span>;
  if (!rates.data) return <span className={className}>Loading...</span>;

  const rate = rates.data.rates[currency as keyof typeof rates.data.rates];
  // A currency the rates do not name is shown as it is, never counted 1:1.
  if (rate === undefined) return <span className={className}>{original}</span>;
  const source =
    rates.data.source === 'ecb' && rates.data.date
      ? `European Central Bank rate of ${formatDay(rates.data.date)}`
      : 'fixed rate';
  return (
    <span
      className={`group relative inline-block cursor-help rounded focus:outline-2 focus:outline-offset-2 focus:outline-blue-600 ${className ?? ''}`}
      // Focusable so that keyboard and touch readers reach the tooltip, which names the conversion.
      tabIndex={0}
      aria-describedby={tipId}
    >
      <span className="tabular-nums">{formatMoney(convertAmount(amount, rate), base, preferences)}</span>{' '}
      <span className="text-gray-500 tabular-nums dark:text-gray-400">({original})</span>
      <span
        id={tipId}
        role="tooltip"
        className="invisible absolute bottom-full left-0 z-30 mb-1 w-64 rounded-md bg-gray-900 px-3 py-2 text-xs leading-5 font-normal text-white opacity-0 shadow-lg transition-opacity group-hover:visible group-hover:opacity-100 group-focus:visible group-focus:opacity-100 dark:bg-gray-700"
      >
        {showConversionRates && (
          <span className="block">
            1 {currency} = {formatRate(rate, locale)} {base} ({source})
          </span>
        )}
        {day && <span className="block">Purchased {formatDay(day)}</span>}
        <span className="block">{MoneyMessages.convertedTo(base)}</span>
      </span>
    </span>
  );
}
