import { MoneyMessages, type RateSource } from '@bookshelf/contract';

interface RatesNoteProps {
  baseCurrency: string;
  source: RateSource;
  /** The rates' day (the library value); absent for spending, which uses each purchase day's. */
  date?: string | undefined;
}

/** Which currency amounts are in and whose rates made them (core.md §9's "Converted to your base currency"). */
export function RatesNote({ baseCurrency, source, date }: RatesNoteProps) {
  const rates =
    source === 'ecb'
      ? date
        ? `European Central Bank reference rates of ${date}.`
        : 'European Central Bank reference rates of each purchase date.'
      : date
        ? `Fixed rates (as of ${date}).`
        : 'Fixed rates.';
  return (
    <p className="text-sm text-gray-600 dark:text-gray-400">
      {MoneyMessages.convertedTo(baseCurrency)}. {rates}
    </p>
  );
}
