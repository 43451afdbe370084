import { BookPaths } from '@bookshelf/contract';
import { Download } from 'lucide-react';
import { iconButton } from '../../../../components/ui/button-styles';
import { Popover } from '../../../../components/ui/popover';

const linkClass =
  'block rounded-md px-3 py-2 text-sm text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-200 dark:hover:bg-gray-800';

/** Downloads the whole library: CSV in Goodreads' columns (other apps read it), or JSON with every field. */
export function ExportMenu() {
  return (
    <Popover
      label="Export library"
      trigger={<Download aria-hidden className="size-4" />}
      triggerClassName={`${iconButton} border border-gray-300 dark:border-gray-700`}
    >
      <div className="-m-2 space-y-1">
        <a className={linkClass} href={`${BookPaths.export}?format=csv`} download>
          <span className="font-medium">CSV</span>
          <span className="block text-xs text-gray-600 dark:text-gray-400">Goodreads columns, for other apps</span>
        </a>
        <a className={linkClass} href={`${BookPaths.export}?format=json`} download>
          <span className="font-medium">JSON</span>
          <span className="block text-xs text-gray-600 dark:text-gray-400">Every field, to import here again</span>
        </a>
      </div>
    </Popover>
  );
}
