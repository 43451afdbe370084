import {
  BOOK_CURRENCIES,
  BookMessages,
  DEFAULT_CURRENCY,
  hasAtMostTwoDecimals,
  WishlistLimits,
  type BookCurrency,
  type WishlistBook,
} from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles';
import { ErrorBox } from '../../../components/ui/error-box';
import { inputClass, selectClass } from '../../../components/ui/form-styles';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useCreatePriceAlert } from '../api/use-price-alerts';

/** Platforms typed as a comma-separated list: trimmed, blanks and repeats dropped. */
export const parsePlatforms = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  ),
];

/** Set a price alert (core.md §3): a target price, its currency, and optionally the platforms to watch. */
export function PriceAlertDialog({ book, onClose }: { book: WishlistBook | null; onClose: () => void }) {
  return (
    <Modal open={book !== null} onOpenChange={(open) => !open && onClose()} width="md">
      {book && <PriceAlertForm book={book} onDone={onClose} />}
    </Modal>
  );
}

function PriceAlertForm({ book, onDone }: { book: WishlistBook; onDone: () => void }) {
  const create = useCreatePriceAlert();
  const [target, setTarget] = useState('');
  const [currency, setCurrency] = useState<BookCurrency>(book.purchaseInfo?.currency ?? DEFAULT_CURRENCY);
  const [platforms, setPlatforms] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { target: useId(), currency: useId(), platforms: useId(), hint: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    const targetPrice = Number(target);
    if (
      target.trim() === '' ||
      !Number.isFinite(targetPrice) ||
      targetPrice < 0 ||
      !hasAtMostTwoDecimals(targetPrice)
    ) {
      setProblem(BookMessages.price);
      return;
    }
    const watched = parsePlatforms(platforms);
    if (watched.length > WishlistLimits.alertPlatformsMax) {
      setProblem(`At most ${WishlistLimits.alertPlatformsMax} platforms.`);
      return;
    }
    setProblem(null);
    create.mutate(
      { bookId: book.id, targetPrice, currency, platforms: watched },
      {
        onSuccess: () => {
          toast({ type: 'success', title: 'Price alert set', message: book.title });
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="pr-8">
        <Dialog.Title className="text-lg font-semibold">Set price alert</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          We will mark “{book.title}” when a price at or below your target is added to its price history.
        </Dialog.Description>
      </div>
      {problem && <ErrorBox message={problem} />}
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <div className="space-y-1">
          <label htmlFor={ids.target} className="text-sm font-medium">
            Target price
          </label>
          <input
            id={ids.target}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            required
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.currency} className="text-sm font-medium">
            Currency
          </label>
          <select
            id={ids.currency}
            value={currency}
            onChange={(event) => setCurrency(event.target.value as BookCurrency)}
            className={selectClass}
          >
            {BOOK_CURRENCIES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.platforms} className="text-sm font-medium">
          Platforms (optional)
        </label>
        <input
          id={ids.platforms}
          aria-describedby={ids.hint}
          value={platforms}
          placeholder="Amazon.in, Flipkart"
          onChange={(event) => setPlatforms(event.target.value)}
          className={inputClass}
        />
        <p id={ids.hint} className="text-xs text-gray-600 dark:text-gray-400">
          Separate names with commas. Leave empty to watch every platform.
        </p>
      </div>
      <div className="flex justify-end gap-2">
        <Dialog.Close type="button" className={secondaryButton}>
          Cancel
        </Dialog.Close>
        <button type="submit" className={primaryButton} disabled={create.isPending}>
          {create.isPending ? 'Saving...' : 'Set alert'}
        </button>
      </div>
    </form>
  );
}
