import { fileSizeLabel, ReadingMessages } from '@bookshelf/contract';
import { AlertTriangle, FileQuestion, Loader2 } from 'lucide-react';
import { primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import type { ContentProgress } from '../../../cloud-drives/public';

const panel = 'flex h-full flex-col items-center justify-center gap-3 p-6 text-center';

/** Loading, with the bytes as they arrive when the engine reports them. */
export function ReaderLoading({ label, progress }: { label: string; progress: ContentProgress | null }) {
  return (
    <div
      role="status"
      className={`absolute inset-0 z-10 bg-gray-50 text-gray-700 dark:bg-gray-950 dark:text-gray-300 ${panel}`}
    >
      <Loader2
        aria-hidden
        className="size-8 animate-spin text-indigo-600 motion-reduce:animate-none dark:text-indigo-400"
      />
      <p className="text-sm font-medium">{label}</p>
      {progress && progress.total > 0 && (
        <div className="w-64 max-w-full space-y-1">
          <ProgressBar
            value={progress.loaded}
            max={progress.total}
            label="Download progress"
            valueText={`${fileSizeLabel(progress.loaded)} of ${fileSizeLabel(progress.total)}`}
          />
          <p className="text-xs tabular-nums text-gray-600 dark:text-gray-400">
            {fileSizeLabel(progress.loaded)} of {fileSizeLabel(progress.total)}
          </p>
        </div>
      )}
    </div>
  );
}

/** core.md §8 Reader: Failed to Load Document with the message, Close and Retry (Retry loads it again, §4). */
export function ReaderError({
  message,
  onClose,
  onRetry,
}: {
  message: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={`bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100 ${panel}`}>
      <AlertTriangle aria-hidden className="size-10 text-red-600 dark:text-red-400" />
      <h3 className="text-lg font-semibold">{ReadingMessages.documentLoadFailedTitle}</h3>
      <p className="max-w-md text-sm break-words text-gray-700 dark:text-gray-300">{message}</p>
      <div className="flex gap-2">
        <ReaderErrorActions onClose={onClose} onRetry={onRetry} />
      </div>
    </div>
  );
}

/** Close and Retry (core.md §4: Retry loads the file again). */
export function ReaderErrorActions({ onClose, onRetry }: { onClose: () => void; onRetry: () => void }) {
  return (
    <>
      <button type="button" onClick={onClose} className={secondaryButtonClass}>
        Close
      </button>
      <button type="button" onClick={onRetry} className={primaryButtonClass}>
        Retry
      </button>
    </>
  );
}

/** core.md §2: other formats show Unsupported Format with Download File. */
export function UnsupportedFormat({ fileType, downloadUrl }: { fileType: string; downloadUrl: string }) {
  return (
    <div className={`bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100 ${panel}`}>
      <FileQuestion aria-hidden className="size-10 text-gray-500 dark:text-gray-400" />
      <h3 className="text-lg font-semibold">{ReadingMessages.unsupportedFormat}</h3>
      <p className="max-w-md text-sm text-gray-700 dark:text-gray-300">
        The reader cannot show {fileType.toUpperCase()} files. Download it to open it in another app.
      </p>
      <a href={downloadUrl} download className={primaryButtonClass}>
        Download File
      </a>
    </div>
  );
}
