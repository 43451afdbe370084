import { ReadingMessages, type ReadingExportFormat } from '@bookshelf/contract';
import { Download } from 'lucide-react';
import { secondaryButton } from '../../../../components/ui/button-styles';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { useReadingExport } from '../../api/use-reading-export';

/** Export Data (core.md §2): the JSON file the spec names, and the same sessions as CSV for spreadsheets. */
export function ExportButtons({ userId, timeZone }: { userId: string; timeZone: string }) {
  const exporting = useReadingExport(userId, timeZone);
  const start = (format: ReadingExportFormat) =>
    exporting.mutate(format, {
      onError: (error) => toast({ type: 'error', title: ReadingMessages.exportFailed, message: errorMessage(error) }),
    });
  const busy = exporting.isPending;
  return (
    <div role="group" aria-label="Export" className="flex">
      <button
        type="button"
        className={`${secondaryButton} rounded-r-none`}
        title="Download as JSON"
        disabled={busy}
        aria-busy={busy && exporting.variables === 'json'}
        onClick={() => start('json')}
      >
        <Download aria-hidden className="size-4" />
        Export Data
      </button>
      <button
        type="button"
        className={`${secondaryButton} -ml-px rounded-l-none`}
        aria-label="Export Data as CSV"
        title="Download as CSV"
        disabled={busy}
        aria-busy={busy && exporting.variables === 'csv'}
        onClick={() => start('csv')}
      >
        CSV
      </button>
    </div>
  );
}
