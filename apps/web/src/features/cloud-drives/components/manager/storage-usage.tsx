import { StorageMessages, storageFraction } from '@bookshelf/contract';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { useStorageUsage } from '../../api/use-storage-usage';

/** "x of y used" under the upload button: uploads and book photos count against the reader's space. */
export function StorageUsageMeter() {
  const usage = useStorageUsage();
  if (usage.isPending) {
    return (
      <p className="text-xs text-gray-500 dark:text-gray-400" aria-live="polite">
        Checking storage space…
      </p>
    );
  }
  if (!usage.data) return null;
  const text = StorageMessages.usage(usage.data);
  const fraction = storageFraction(usage.data);
  return (
    <div className="flex w-48 flex-col gap-1" data-testid="storage-usage">
      <p
        className={`text-xs ${fraction !== null && fraction >= 0.9 ? 'text-red-700 dark:text-red-400' : 'text-gray-600 dark:text-gray-400'}`}
      >
        Storage: {text}
      </p>
      {fraction !== null && (
        <ProgressBar
          value={usage.data.usedBytes}
          max={Math.max(usage.data.quotaBytes ?? 1, 1)}
          label="Storage space used"
          valueText={text}
        />
      )}
    </div>
  );
}
