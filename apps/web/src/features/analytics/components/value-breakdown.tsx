import { formatMoney, formatRate, type LibraryValue, type MoneyDisplay } from '@bookshelf/contract';

const cell = 'px-3 py-2 text-right tabular-nums';

/** The library value per currency: paid, rate (4 decimals, core.md §9), converted, books. */
export function ValueBreakdown({ value, display }: { value: LibraryValue; display: MoneyDisplay }) {
  const base = value.baseCurrency;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-md text-sm">
        <caption className="sr-only">Library value by currency</caption>
        <thead className="border-b border-gray-200 text-xs text-gray-600 uppercase dark:border-gray-700 dark:text-gray-400">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Currency
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Amount
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Rate
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Converted ({base})
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Books
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {value.currencyBreakdown.map((row) => (
            <tr key={row.currency}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {row.currency}
              </th>
              <td className={cell}>{formatMoney(row.amount, row.currency, display)}</td>
              <td className={cell} title={`1 ${row.currency} = ${formatRate(row.rate)} ${base}`}>
                {formatRate(row.rate)}
              </td>
              <td className={cell}>{formatMoney(row.convertedAmount, base, display)}</td>
              <td className={cell}>{row.count}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-gray-200 font-semibold dark:border-gray-700">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
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
