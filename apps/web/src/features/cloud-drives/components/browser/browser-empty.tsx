import { FolderSearch } from 'lucide-react';
import type { EmptyText } from './browse-files';

/** core.md §2: No files found, with why. */
export function BrowserEmpty({ text }: { text: EmptyText }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center dark:border-gray-700">
      <FolderSearch aria-hidden className="size-10 text-gray-400" />
      <h3 className="mt-3 text-base font-semibold text-gray-900 dark:text-gray-100">{text.title}</h3>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{text.message}</p>
      {text.hint && <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{text.hint}</p>}
    </div>
  );
}
