import {
  DRIVE_FILE_TYPE_INFO,
  DRIVE_PROVIDER_LABELS,
  fileSizeLabel,
  timeAgoLabel,
  type CloudFile,
  type DriveProvider,
} from '@bookshelf/contract';
import { FolderSearch, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { focusRing, secondaryButton } from '../../../../components/ui/button-styles';
import { compactSelectClass, inputClass } from '../../../../components/ui/form-styles';
import {
  defaultManagerFilters,
  filterFiles,
  TYPE_FILTERS,
  type ManagerFilters,
  type ProviderFilter,
  type TypeFilter,
} from '../../lib/manager-files';
import { FileTypeIcon } from '../browser/file-type-icon';
import { ProviderBadge } from '../browser/provider-badge';

/** Shown this many at a time; a drive of thousands of files shows more on request. */
export const MANAGER_FILES_STEP = 60;

interface ManagerFilesProps {
  files: readonly CloudFile[];
  loading: boolean;
  now: Date;
  /** The providers the filter offers besides All (the library folder only to readers who see it). */
  providers: readonly DriveProvider[];
}

/** The manager's files grid (core.md §2): search, provider and type filters; clicking a file selects it. */
export function ManagerFiles({ files, loading, now, providers }: ManagerFilesProps) {
  const [filters, setFilters] = useState<ManagerFilters>(defaultManagerFilters);
  const [selected, setSelected] = useState<string | null>(null);
  const [shown, setShown] = useState(MANAGER_FILES_STEP);
  const deferred = useDeferredValue(filters);
  const matching = filterFiles(files, deferred);
  const set = (change: Partial<ManagerFilters>) => {
    setFilters({ ...filters, ...change });
    setShown(MANAGER_FILES_STEP);
  };

  return (
    <section aria-labelledby="manager-files-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="manager-files-title" className="text-lg font-semibold">
          Files
        </h2>
        <p aria-live="polite" className="text-sm text-gray-600 dark:text-gray-400">
          {!loading && `${matching.length} ${matching.length === 1 ? 'file' : 'files'}`}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
          />
          <input
            type="search"
            aria-label="Search files"
            placeholder="Search files..."
            className={`${inputClass} ps-9`}
            value={filters.search}
            onChange={(event) => set({ search: event.target.value })}
          />
        </div>
        <select
          aria-label="Provider"
          className={compactSelectClass}
          value={filters.provider}
          onChange={(event) => set({ provider: event.target.value as ProviderFilter })}
        >
          {(['all', ...providers] as const).map((p) => (
            <option key={p} value={p}>
              {p === 'all' ? 'All Providers' : DRIVE_PROVIDER_LABELS[p]}
            </option>
          ))}
        </select>
        <select
          aria-label="File type"
          className={compactSelectClass}
          value={filters.type}
          onChange={(event) => set({ type: event.target.value as TypeFilter })}
        >
          {TYPE_FILTERS.map((t) => (
            <option key={t} value={t}>
              {t === 'all' ? 'All Types' : DRIVE_FILE_TYPE_INFO[t].label}
            </option>
          ))}
        </select>
      </div>

      {loading && <div aria-busy="true" aria-label="Loading files" className="min-h-32" />}
      {!loading && matching.length === 0 && (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center dark:border-gray-700">
          <FolderSearch aria-hidden className="size-10 text-gray-400" />
          <h3 className="mt-3 text-base font-semibold">No files found</h3>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {files.length === 0
              ? 'Sync a drive or upload books to see them here.'
              : 'Try adjusting your search or filters.'}
          </p>
        </div>
      )}
      {!loading && matching.length > 0 && (
        <ul aria-label="Files" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {matching.slice(0, shown).map((file) => {
            const isSelected = selected === file.id;
            return (
              <li key={file.id} className="min-w-0">
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => setSelected(isSelected ? null : file.id)}
                  className={`flex w-full min-w-0 items-start gap-3 rounded-xl border bg-white p-3 text-left transition-colors dark:bg-gray-900 ${focusRing} ${
                    isSelected
                      ? 'border-indigo-500 bg-indigo-50/60 dark:border-indigo-400 dark:bg-indigo-950/40'
                      : 'border-gray-200 hover:border-gray-300 dark:border-gray-800 dark:hover:border-gray-700'
                  }`}
                >
                  <FileTypeIcon type={file.fileType} className="size-8 shrink-0" />
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="line-clamp-2 text-sm font-medium break-words" title={file.name}>
                      {file.name}
                    </span>
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-600 dark:text-gray-400">
                      <ProviderBadge provider={file.provider} />
                      <span>{DRIVE_FILE_TYPE_INFO[file.fileType].label}</span>
                      <span>{fileSizeLabel(file.size)}</span>
                      <span>{timeAgoLabel(file.modifiedAt, now)}</span>
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {!loading && matching.length > shown && (
        <button type="button" className={secondaryButton} onClick={() => setShown(shown + MANAGER_FILES_STEP)}>
          Show more files ({matching.length - shown} more)
        </button>
      )}
    </section>
  );
}
