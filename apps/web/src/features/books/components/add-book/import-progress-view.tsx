import { ImportPaths, isFinishedImport, type ImportStatus } from '@bookshelf/contract';
import { CheckCircle2 } from 'lucide-react';
import { primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { cancelImport, useImport } from '../../api/imports';
import { importKeys } from '../../api/query-keys';

interface ImportProgressViewProps {
  started: ImportStatus;
  onViewLibrary: () => void;
  onAnother: () => void;
}

/** A running import's bar (rows done of total), then its summary; it follows the server across reloads. */
export function ImportProgressView({ started, onViewLibrary, onAnother }: ImportProgressViewProps) {
  const status = useImport(started.id, started).data ?? started;
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);

  async function cancel() {
    setCancelling(true);
    setCancelError(null);
    try {
      queryClient.setQueryData(importKeys.one(status.id), await cancelImport(status.id));
    } catch (error) {
      setCancelError(errorMessage(error));
      setCancelling(false);
    }
  }

  const { current, total } = status.progress;
  const text = `Importing books… ${current.toLocaleString()} of ${total.toLocaleString()}`;
  if (!isFinishedImport(status.state)) {
    return (
      <section aria-label="Import progress" className="space-y-2">
        <p aria-live="polite" className="text-sm text-gray-600 dark:text-gray-400">
          {text}
        </p>
        <ProgressBar value={current} max={total} label="Import progress" valueText={text} />
        <p className="text-xs text-gray-500 dark:text-gray-400">
          You can close this dialog: the import carries on, and its progress is here when you come back.
        </p>
        {cancelError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {cancelError}
          </p>
        )}
        <div className="flex justify-end">
          <button type="button" className={secondaryButtonClass} onClick={() => void cancel()} disabled={cancelling}>
            {cancelling ? 'Cancelling...' : 'Cancel import'}
          </button>
        </div>
      </section>
    );
  }
  const { added, merged, skipped, failed } = status.summary;
  return (
    <section aria-label="Import summary" className="space-y-4">
      {status.state === 'failed' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {status.error ?? 'The import stopped.'}
        </p>
      ) : (
        <p className="flex items-center gap-2 font-medium text-gray-900 dark:text-gray-100">
          <CheckCircle2 aria-hidden className="size-5 text-green-600" />
          Import finished
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ['Added', added],
            ['Merged', merged],
            ['Skipped', skipped],
            ['Failed', failed],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-gray-50 p-3 dark:bg-gray-900">
            <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {failed > 0 && (
        <div className="text-sm">
          <ul className="list-disc space-y-0.5 pl-5 text-gray-700 dark:text-gray-300">
            {status.failures.slice(0, 5).map((f) => (
              <li key={f.row}>
                Row {f.row}: {f.message}
              </li>
            ))}
          </ul>
          <a
            href={ImportPaths.failures(status.id)}
            download
            className="mt-2 inline-block font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            Download the rows that failed (CSV)
          </a>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onAnother}>
          Import another file
        </button>
        <button type="button" className={primaryButtonClass} onClick={onViewLibrary}>
          View library
        </button>
      </div>
    </section>
  );
}
