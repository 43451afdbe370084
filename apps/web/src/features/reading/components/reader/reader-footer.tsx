import { clampPage } from '@bookshelf/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { barClass, stepButton } from './reader-styles';

interface ReaderFooterProps {
  page: number;
  totalPages: number | null;
  canGoBack: boolean;
  canGoForward: boolean;
  onStep: (by: 1 | -1) => void;
  onGoTo: (page: number) => void;
}

/**
 * Previous, the page number box, "of y", Next (core.md §2). The box goes to its page on Enter or when it loses
 * focus, clamped to 1..total, with anything not a number taken as 1 (§5).
 */
export function ReaderFooter({ page, totalPages, canGoBack, canGoForward, onStep, onGoTo }: ReaderFooterProps) {
  const inputId = useId();
  const [draft, setDraft] = useState(String(page));
  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    setShownPage(page);
    setDraft(String(page));
  }

  function commit() {
    if (totalPages === null) return;
    const next = clampPage(draft, totalPages);
    setDraft(String(next));
    if (next !== page) onGoTo(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  }

  return (
    <footer className={`flex items-center justify-center gap-2 border-t px-2 py-2 ${barClass}`}>
      <button
        type="button"
        onClick={() => onStep(-1)}
        disabled={!canGoBack}
        aria-label="Previous page"
        className={stepButton}
      >
        <ChevronLeft aria-hidden className="size-4" />
        <span className="hidden sm:inline">Previous</span>
      </button>
      <label htmlFor={inputId} className="sr-only">
        Page number
      </label>
      <input
        id={inputId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={draft}
        disabled={totalPages === null}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={commit}
        className="h-9 w-16 rounded-md border border-gray-300 bg-white px-2 text-center text-sm tabular-nums text-gray-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
      />
      <span className="text-sm whitespace-nowrap text-gray-700 dark:text-gray-300">of {totalPages ?? '…'}</span>
      <button
        type="button"
        onClick={() => onStep(1)}
        disabled={!canGoForward}
        aria-label="Next page"
        className={stepButton}
      >
        <span className="hidden sm:inline">Next</span>
        <ChevronRight aria-hidden className="size-4" />
      </button>
    </footer>
  );
}
