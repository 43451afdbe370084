import { DRIVE_FILE_TYPE_INFO, DRIVE_PROVIDER_LABELS, FILE_TYPE_FILTERS } from '@bookshelf/contract';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, FolderTree, LayoutGrid, List, Search, Star } from 'lucide-react';
import { focusRing } from '../../../../components/ui/button-styles';
import { compactSelectClass, inputClass } from '../../../../components/ui/form-styles';
import {
  SORT_LABELS,
  VIEW_LABELS,
  type BrowseOptions,
  type ConnectionOption,
  type SortKey,
  type TypeFilter,
  type ViewMode,
} from './browse-files';

interface BrowserToolbarProps {
  options: BrowseOptions;
  onChange: (change: Partial<BrowseOptions>) => void;
  tags: readonly string[];
  connections: readonly ConnectionOption[];
  view: ViewMode;
  onView: (view: ViewMode) => void;
}

const VIEW_ICONS = { folders: FolderTree, grid: LayoutGrid, list: List } as const;

const toggleClass = (on: boolean) =>
  `inline-flex h-[calc(2.25rem+2px)] items-center gap-1.5 rounded-md border px-3 text-sm font-medium ${focusRing} ${
    on
      ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:border-indigo-400 dark:bg-indigo-950/50 dark:text-indigo-300'
      : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200 dark:hover:bg-gray-800'
  }`;

/** Search, the type, tag and drive filters, sort with its direction, Favorites only, and the view modes. */
export function BrowserToolbar({ options, onChange, tags, connections, view, onView }: BrowserToolbarProps) {
  const DirectionIcon = options.direction === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <div className="space-y-3">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
        />
        <input
          type="search"
          aria-label="Search files"
          placeholder="Search files..."
          value={options.search}
          maxLength={200}
          onChange={(event) => onChange({ search: event.target.value })}
          className={`${inputClass} pl-9`}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label="Drive"
          value={options.connectionId}
          onChange={(event) => onChange({ connectionId: event.target.value, folder: null })}
          className={`${compactSelectClass} max-w-full sm:max-w-64`}
        >
          <option value="">All Drives</option>
          {connections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.driveName} ({DRIVE_PROVIDER_LABELS[c.provider]})
            </option>
          ))}
        </select>
        <select
          aria-label="File type"
          value={options.type}
          onChange={(event) => onChange({ type: event.target.value as TypeFilter })}
          className={compactSelectClass}
        >
          <option value="all">All Types</option>
          {FILE_TYPE_FILTERS.map((type) => (
            <option key={type} value={type}>
              {DRIVE_FILE_TYPE_INFO[type].label}
            </option>
          ))}
        </select>
        <select
          aria-label="Tag"
          value={options.tag}
          onChange={(event) => onChange({ tag: event.target.value })}
          className={`${compactSelectClass} max-w-48`}
        >
          <option value="">All Tags</option>
          {tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
        <div className="flex items-center gap-1">
          <select
            aria-label="Sort by"
            value={options.sort}
            onChange={(event) => onChange({ sort: event.target.value as SortKey })}
            className={compactSelectClass}
          >
            {(Object.keys(SORT_LABELS) as SortKey[]).map((key) => (
              <option key={key} value={key}>
                {SORT_LABELS[key]}
              </option>
            ))}
          </select>
          <button
            type="button"
            aria-label={options.direction === 'asc' ? 'Sort ascending' : 'Sort descending'}
            title={
              options.direction === 'asc' ? 'Ascending (click for descending)' : 'Descending (click for ascending)'
            }
            onClick={() => onChange({ direction: options.direction === 'asc' ? 'desc' : 'asc' })}
            className={toggleClass(false)}
          >
            <DirectionIcon aria-hidden className="size-4" />
          </button>
        </div>
        <button
          type="button"
          aria-pressed={options.favoritesOnly}
          onClick={() => onChange({ favoritesOnly: !options.favoritesOnly })}
          className={toggleClass(options.favoritesOnly)}
        >
          <Star aria-hidden className={`size-4 ${options.favoritesOnly ? 'fill-amber-400 text-amber-500' : ''}`} />
          Favorites only
        </button>
        <div role="group" aria-label="View" className="ml-auto flex gap-1">
          {(Object.keys(VIEW_LABELS) as ViewMode[]).map((mode) => {
            const Icon = VIEW_ICONS[mode];
            return (
              <button
                key={mode}
                type="button"
                aria-pressed={view === mode}
                aria-label={`${VIEW_LABELS[mode]} view`}
                title={`${VIEW_LABELS[mode]} view`}
                onClick={() => onView(mode)}
                className={toggleClass(view === mode)}
              >
                <Icon aria-hidden className="size-4" />
                <span className="hidden lg:inline">{VIEW_LABELS[mode]}</span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
