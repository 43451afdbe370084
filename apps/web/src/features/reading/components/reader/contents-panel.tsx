import { X } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles';
import type { ContentsEntry } from '../../engines/engine-types';
import { barClass, toolButton } from './reader-styles';

interface ContentsPanelProps {
  id: string;
  /** null while the book is still opening. */
  entries: readonly ContentsEntry[] | null;
  onSelect: (entry: ContentsEntry) => void;
  onClose: () => void;
}

/** The book's table of contents (issue 27: the EPUB's navigation, a PDF's outline); a click goes there. */
export function ContentsPanel({ id, entries, onSelect, onClose }: ContentsPanelProps) {
  return (
    <aside
      id={id}
      aria-label="Contents"
      className={`absolute inset-y-0 left-0 z-10 flex w-full max-w-xs flex-col border-r shadow-lg ${barClass}`}
    >
      <div className="flex items-center justify-between border-b border-gray-200 px-3 py-2 dark:border-gray-800">
        <h3 className="text-sm font-semibold">Contents</h3>
        <button type="button" onClick={onClose} aria-label="Close contents" className={toolButton}>
          <X aria-hidden className="size-4" />
        </button>
      </div>
      {entries === null || entries.length === 0 ? (
        <p className="px-3 py-4 text-sm text-gray-600 dark:text-gray-400">
          {entries === null ? 'Loading contents…' : 'This book has no table of contents.'}
        </p>
      ) : (
        <ol className="flex-1 overflow-y-auto py-1">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                onClick={() => onSelect(entry)}
                style={{ paddingInlineStart: `${0.75 + entry.depth * 1}rem` }}
                className={`flex w-full items-baseline justify-between gap-2 py-1.5 pr-3 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800 ${entry.depth === 0 ? 'font-medium' : ''} ${focusRing}`}
              >
                <span className="min-w-0 break-words">{entry.label}</span>
                {entry.page !== null && (
                  <span className="shrink-0 text-xs text-gray-600 tabular-nums dark:text-gray-400">{entry.page}</span>
                )}
              </button>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
