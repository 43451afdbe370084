import { formatMoney, formatRate, type LibraryValue, type MoneyDisplay } from '@bookshelf/contract';
import { focusRing } from '../../../components/ui/button-styles';

const cell = 'px-2 py-2 text-right tabular-nums sm:px-3';

/** The library value per currency: paid, rate (4 decimals, core.md §9), converted, books. */
export function ValueBreakdown({ value, display }: { value: LibraryValue; display: MoneyDisplay }) {
  const base = value.baseCurrency;
  return (
    // On a phone the five columns fit when they can and scroll when they cannot (a long base currency code,
    // large sums); a scrolling region is focusable and named so a keyboard can scroll it (axe).
    <div
      role="region"
      aria-label="Library value by currency"
      tabIndex={0}
      className={`overflow-x-auto rounded ${focusRing}`}
    >
      <table className="w-full text-xs sm:text-sm">
        <caption className="sr-only">Library value by currency</caption>
        <thead className="border-b border-gray-200 text-xs text-gray-600 uppercase dark:border-gray-700 dark:text-gray-400">
          <tr>
            <th scope="col" className="px-2 py-2 text-left font-medium sm:px-3">
              Currency
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Amount
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Rate
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              {/* Two lines on a phone rather than a clipped CONVE… */}
              <span className="block sm:inline">Converted</span> <span className="block sm:inline">({base})</span>
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Books
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {value.currencyBreakdown.map((row) => (
            <tr key={row.currency}>
              <th scope="row" className="px-2 py-2 text-left font-medium sm:px-3">
                {row.currency}
              </th>
              <td className={cell}>{formatMoney(row.amount, row.currency, display)}</td>
              <td className={cell} title={`1 ${row.currency} = ${formatRate(row.rate, display.locale)} ${base}`}>
                {formatRate(row.rate, display.locale)}
              </td>
              <td className={cell}>{formatMoney(row.convertedAmount, base, display)}</td>
              <td className={cell}>{row.count}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-gray-200 font-semibold dark:border-gray-700">
          <tr>
            <th scope="row" className="px-2 py-2 text-left sm:px-3">
              Total
            </th>
            <td colSpan={2} />
            <td className={cell}>{formatMoney(value.totalInBaseCurrency, base, display)}</td>
            <td className={cell}>{value.bookCount}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
