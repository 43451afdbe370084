import { fileSizeLabel } from '@bookshelf/contract';
import { X } from 'lucide-react';
import { iconButton } from '../../../../components/ui/button-styles';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import type { OpenProgress } from './use-download-open';

/** A file on its way down: its name, the bytes so far and a Cancel. */
export function DownloadProgress({ progress, onCancel }: { progress: OpenProgress; onCancel: () => void }) {
  const { file, loaded, total } = progress;
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 text-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="truncate">
          Downloading <span className="font-medium">{file.name}</span>
          <span className="text-gray-600 dark:text-gray-400">
            {' '}
            · {fileSizeLabel(loaded)} of {fileSizeLabel(total)}
          </span>
        </p>
        <ProgressBar
          value={loaded}
          max={total}
          label={`Downloading ${file.name}`}
          valueText={`${fileSizeLabel(loaded)} of ${fileSizeLabel(total)}`}
        />
      </div>
      <button type="button" aria-label="Cancel download" onClick={onCancel} className={iconButton}>
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
