import { BOOK_CURRENCIES, MoneyMessages, type BookCurrency } from '@bookshelf/contract';
import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { inputClass, secondaryButtonClass, selectClass } from '../../../components/ui/form-styles';
import { useAddCustomPlatform, useRemoveCustomPlatform } from '../../../lib/money/use-custom-platforms';
import { useMoneyPreferences } from '../../../lib/money/use-money-preferences';

/**
 * The reader's own platforms (core.md §9: listed first in the book form), each with the currency a purchase
 * there starts in. Books keep their platform's name when one is removed here.
 */
export function CustomPlatformsEditor() {
  const id = useId();
  const { customPlatforms } = useMoneyPreferences();
  const add = useAddCustomPlatform();
  const remove = useRemoveCustomPlatform();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState<BookCurrency>('INR');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(MoneyMessages.platformName);
    setError(null);
    add.mutate(
      { name: trimmed, defaultCurrency: currency },
      { onSuccess: () => setName(''), onError: (e) => setError(e.message) },
    );
  }

  return (
    <div className="space-y-4">
      {customPlatforms.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          None yet. A platform you name with Other (Specify) on a book is added here too.
        </p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {customPlatforms.map((platform) => (
            <li key={platform.name} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                {platform.name} <span className="text-gray-500 dark:text-gray-400">· {platform.defaultCurrency}</span>
              </span>
              <button
                type="button"
                className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-gray-800 dark:hover:text-gray-100"
                aria-label={`Remove ${platform.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(platform.name)}
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1">
          <label htmlFor={`${id}-name`} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
            Platform name
          </label>
          <input
            id={`${id}-name`}
            className={inputClass}
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="space-y-1 sm:w-32">
          <label htmlFor={`${id}-currency`} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
            Currency
          </label>
          <select
            id={`${id}-currency`}
            className={selectClass}
            value={currency}
            onChange={(event) => setCurrency(event.target.value as BookCurrency)}
          >
            {BOOK_CURRENCIES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={add.isPending}>
          <Plus aria-hidden className="size-4" />
          Add platform
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
