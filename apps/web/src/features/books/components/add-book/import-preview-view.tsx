import {
  BOOK_STATUS_LABELS,
  DEFAULT_DUPLICATE_CHOICE,
  type DuplicateChoice,
  type ImportPreview,
} from '@bookshelf/contract';
import { useId, useState } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';

interface ImportPreviewViewProps {
  preview: ImportPreview;
  busy: boolean;
  onStart: (duplicates: DuplicateChoice) => void;
  onCancel: () => void;
}

const ERRORS_SHOWN = 5;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * What the button will do, counted (issue 27: it said "Import 0 books" before merging 6): the books added and,
 * when merging, the library books a merge changes; duplicates a merge leaves as they are are not counted.
 */
export function startLabel(preview: Pick<ImportPreview, 'toAdd' | 'toMerge'>, duplicates: DuplicateChoice): string {
  const updating = duplicates === 'merge' ? preview.toMerge : 0;
  if (updating === 0) return `Import ${plural(preview.toAdd, 'book', 'books')}`;
  if (preview.toAdd === 0) return `Update ${plural(updating, 'book', 'books')}`;
  return `Import ${plural(preview.toAdd, 'book', 'books')}, update ${updating.toLocaleString()}`;
}

/** What the file holds and what importing it would do, before anything is written. */
export function ImportPreviewView({ preview, busy, onStart, onCancel }: ImportPreviewViewProps) {
  // Merging by default: skipping lost the ratings, shelves and dates the file holds (issue 27).
  const [duplicates, setDuplicates] = useState<DuplicateChoice>(DEFAULT_DUPLICATE_CHOICE);
  const id = useId();
  const nothingToDo = preview.toAdd === 0 && (preview.toMerge === 0 || duplicates === 'skip');
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h3 id={`${id}-title`} className="font-medium text-gray-900 dark:text-gray-100">
          {preview.filename}
        </h3>
        <p className="text-sm text-gray-600 dark:text-gray-400">Detected: {preview.formatLabel}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Books in file', preview.total],
          ['Will be added', preview.toAdd],
          ['Already in library', preview.duplicates],
          ['Rows with errors', preview.errorCount],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-gray-50 p-3 dark:bg-gray-900">
            <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{Number(value).toLocaleString()}</dd>
          </div>
        ))}
      </dl>

      {preview.sample.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The first books in the file</caption>
            <thead className="text-xs text-gray-600 dark:text-gray-400">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Title
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Author
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-1 font-medium">
                  Note
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((row) => (
                <tr key={row.row} className="border-t border-gray-200 dark:border-gray-800">
                  <td className="max-w-56 truncate py-1 pr-3">{row.title}</td>
                  <td className="max-w-40 truncate py-1 pr-3">{row.author}</td>
                  <td className="py-1 pr-3">{BOOK_STATUS_LABELS[row.status]}</td>
                  <td className="py-1 text-gray-600 dark:text-gray-400">{row.duplicateOf ? 'Duplicate' : 'New'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {preview.errorCount > 0 && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">
            {plural(preview.errorCount, 'row', 'rows')} cannot be imported; the others will be.
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {preview.errors.slice(0, ERRORS_SHOWN).map((issue) => (
              <li key={issue.row}>
                Row {issue.row}: {issue.message}
              </li>
            ))}
          </ul>
          {preview.errorCount > ERRORS_SHOWN && <p className="mt-1">…and {preview.errorCount - ERRORS_SHOWN} more.</p>}
        </div>
      )}

      {preview.duplicates > 0 && (
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-gray-700 dark:text-gray-300">
            {plural(preview.duplicates, 'book is', 'books are')} already in your library (same ISBN, or same title and
            author):
          </legend>
          {(
            [
              [
                'merge',
                `Merge: take the file’s rating, review, reading status, dates and other details the library copy is missing, and add tags (${plural(preview.toMerge, 'book changes', 'books change')})`,
              ],
              ['skip', 'Skip them: keep the library copies as they are'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-duplicates`}
                value={value}
                checked={duplicates === value}
                onChange={() => setDuplicates(value)}
                className="accent-indigo-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={busy}>
          Choose another file
        </button>
        <button
          type="button"
          className={primaryButtonClass}
          onClick={() => onStart(duplicates)}
          disabled={busy || nothingToDo}
        >
          {busy ? 'Starting...' : startLabel(preview, duplicates)}
        </button>
      </div>
    </section>
  );
}
