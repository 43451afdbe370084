import { CURRENCIES, DISPLAY_CURRENCIES, type DisplayCurrency, type UpdateMoneyPreferences } from '@bookshelf/contract';
import { useId } from 'react';
import { PriceLabel } from '../../../components/money/price-label';
import { checkboxClass, selectClass } from '../../../components/ui/form-styles';
import { useMoneyPreferences, useUpdateMoneyPreferences } from '../../../lib/money/use-money-preferences';

const SWITCHES = [
  {
    key: 'showMultipleCurrencies',
    label: 'Convert prices to my base currency',
    hint: 'A price in another currency shows converted, with the original in brackets.',
  },
  { key: 'showConversionRates', label: 'Show conversion rates', hint: 'The rate used appears in the price’s tooltip.' },
  { key: 'showSymbols', label: 'Show currency symbols', hint: 'Such as ₹, $ and €.' },
  { key: 'showCodes', label: 'Show currency codes', hint: 'Such as INR, USD and EUR after the amount.' },
] as const;

/** Settings → Currency: the base currency and how amounts are shown (core.md §9), saved as they change. */
export function CurrencyPreferencesForm() {
  const id = useId();
  const preferences = useMoneyPreferences();
  const update = useUpdateMoneyPreferences();
  const save = (changes: UpdateMoneyPreferences) => update.mutate(changes);
  const example: DisplayCurrency = preferences.baseCurrency === 'USD' ? 'EUR' : 'USD';

  return (
    <div className="space-y-5">
      <div className="max-w-xs space-y-1">
        <label htmlFor={`${id}-base`} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
          Base currency
        </label>
        <select
          id={`${id}-base`}
          className={selectClass}
          value={preferences.baseCurrency}
          onChange={(event) => save({ baseCurrency: event.target.value as DisplayCurrency })}
        >
          {DISPLAY_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code} — {CURRENCIES[code].name} ({CURRENCIES[code].symbol})
            </option>
          ))}
        </select>
        <p className="text-xs text-gray-500 dark:text-gray-400">
          Totals, your library’s value and spending are shown in it.
        </p>
      </div>

      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-gray-700 dark:text-gray-300">Display</legend>
        {SWITCHES.map(({ key, label, hint }) => (
          <div key={key} className="flex items-start gap-3">
            <input
              id={`${id}-${key}`}
              type="checkbox"
              className={`${checkboxClass} mt-0.5`}
              checked={preferences[key]}
              onChange={(event) => save({ [key]: event.target.checked })}
              aria-describedby={`${id}-${key}-hint`}
            />
            <span>
              <label htmlFor={`${id}-${key}`} className="block text-sm font-medium">
                {label}
              </label>
              <span id={`${id}-${key}-hint`} className="block text-xs text-gray-500 dark:text-gray-400">
                {hint}
              </span>
            </span>
          </div>
        ))}
      </fieldset>

      <div className="rounded-lg bg-gray-50 p-3 text-sm dark:bg-gray-900">
        <p className="text-gray-600 dark:text-gray-400">
          Example: a book bought for 10 {example} shows as{' '}
          <PriceLabel amount={10} currency={example} className="font-medium text-gray-900 dark:text-gray-100" />
        </p>
        <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">
          {preferences.ratesSource === 'ecb'
            ? 'Rates: the European Central Bank’s daily reference rates. Purchases convert at the rate of their purchase date, values at today’s.'
            : 'Rates: fixed rates (this Bookshelf does not fetch daily rates; its administrator can set FX_RATES_URL).'}
        </p>
      </div>
    </div>
  );
}
