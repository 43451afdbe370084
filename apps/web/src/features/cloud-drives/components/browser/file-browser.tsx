import type { CloudFile } from '@bookshelf/contract';
import { useDeferredValue, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { linkButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { ErrorBox } from '../../../../components/ui/error-box';
import { errorMessage } from '../../../../lib/error-message';
import {
  useBulkAddTag,
  useBulkFavorite,
  useBulkUnfavorite,
  useFavoriteFile,
  useRemoveFileTag,
  useUnfavoriteFile,
} from '../../api/use-file-marks';
import { useCloudFiles } from '../../api/use-files';
import { usePrefetchFiles } from '../../lib/prefetch-files';
import { AddTagDialog } from './add-tag-dialog';
import {
  browseFiles,
  connectionsIn,
  countLine,
  defaultBrowseOptions,
  emptyText,
  folderTree,
  knownTags,
  type BrowseOptions,
  type ViewMode,
} from './browse-files';
import { BrowserEmpty } from './browser-empty';
import { BrowserToolbar } from './browser-toolbar';
import { DownloadProgress } from './download-progress';
import { FileGrid } from './file-grid';
import type { FileItemHandlers } from './file-item';
import { FileTable } from './file-table';
import { FolderTree } from './folder-tree';
import { SelectionBar } from './selection-bar';
import { useDownloadOpen } from './use-download-open';
import { useFileSelection } from './use-file-selection';
import { columnsOf, moveFocus } from './keyboard-nav';

export interface FileBrowserProps {
  /** Narrow to one connection on arrival (a drive card's Browse). */
  initialConnectionId?: string | null;
  /** What opening a file does; the reader (issue 15) plugs in here. Default: download it through the cache. */
  onOpenFile?: (file: CloudFile) => void;
  /** A file pointed at, focused or pressed (the reader warms up for it). */
  onNearFile?: (file: CloudFile) => void;
}

/** Cards are rendered this many at a time; a drive of thousands of files shows more on request. */
export const RENDER_STEP = 120;

/** The File Browser tab (core.md §2 "File browser", §4 "Cloud drives view"). */
export function FileBrowser({ initialConnectionId = null, onOpenFile, onNearFile }: FileBrowserProps) {
  const files = useCloudFiles();
  const [options, setOptions] = useState<BrowseOptions>(() => ({
    ...defaultBrowseOptions,
    connectionId: initialConnectionId ?? '',
  }));
  const [arrivedWith, setArrivedWith] = useState(initialConnectionId);
  if (arrivedWith !== initialConnectionId) {
    // Sent here again for another drive: narrow to it (state adjusted while rendering, as React advises).
    setArrivedWith(initialConnectionId);
    setOptions((current) => ({ ...current, connectionId: initialConnectionId ?? '', folder: null }));
  }
  const [view, setView] = useState<ViewMode>('grid');
  const [limit, setLimit] = useState(RENDER_STEP);
  const [focusIndex, setFocusIndex] = useState(0);
  const [tagDialog, setTagDialog] = useState(false);
  const selection = useFileSelection();
  const itemsBox = useRef<HTMLDivElement>(null);
  const downloader = useDownloadOpen();
  const open = onOpenFile ?? ((file: CloudFile) => void downloader.open(file));

  const favorite = useFavoriteFile();
  const unfavorite = useUnfavoriteFile();
  const removeTag = useRemoveFileTag();
  const bulkFavorite = useBulkFavorite();
  const bulkUnfavorite = useBulkUnfavorite();
  const bulkAddTag = useBulkAddTag();
  const busy = bulkFavorite.isPending || bulkUnfavorite.isPending || bulkAddTag.isPending;

  usePrefetchFiles(files.data);

  const search = useDeferredValue(options.search);
  const all = useMemo(() => files.data ?? [], [files.data]);
  const effective = useMemo(() => ({ ...options, search }), [options, search]);
  const visible = useMemo(() => browseFiles(all, effective), [all, effective]);
  const tags = useMemo(() => knownTags(all), [all]);
  const connections = useMemo(() => connectionsIn(all), [all]);
  const inScope = useMemo(
    () => all.filter((f) => !f.isDeleted && (options.connectionId === '' || f.connectionId === options.connectionId)),
    [all, options.connectionId],
  );
  const folders = useMemo(() => folderTree(inScope), [inScope]);
  const shown = visible.slice(0, limit);
  const selectedFiles = visible.filter((f) => selection.selected.has(f.id));
  const selectedIds = selectedFiles.map((f) => f.id);
  const accountName = connections.find((c) => c.id === options.connectionId)?.driveName ?? null;
  const now = new Date();

  function change(next: Partial<BrowseOptions>) {
    setOptions((current) => ({ ...current, ...next }));
    setLimit(RENDER_STEP);
    setFocusIndex(0);
  }

  const handlers: FileItemHandlers = {
    onClickItem: (file: CloudFile, index: number, event: MouseEvent<HTMLElement>) => {
      setFocusIndex(index);
      selection.click(file, shown, event);
    },
    onToggleSelect: (file, index) => {
      setFocusIndex(index);
      selection.toggle(file.id);
    },
    onOpen: open,
    ...(onNearFile ? { onNear: onNearFile } : {}),
    onToggleFavorite: (file) => (file.isFavorite ? unfavorite.mutate(file.id) : favorite.mutate(file.id)),
    onRemoveTag: (file, tag) => removeTag.mutate({ id: file.id, tag }),
  };

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && selection.selected.size > 0) {
      selection.clear();
      return;
    }
    const target = event.target as HTMLElement;
    const at = target.getAttribute('data-file-index');
    if (at === null) return; // a key on a button inside an item is the button's
    const index = Number(at);
    const file = shown[index];
    if (!file) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      open(file);
      return;
    }
    if (event.key === ' ') {
      event.preventDefault();
      setFocusIndex(index);
      selection.toggle(file.id);
      return;
    }
    const columns = view === 'list' ? 1 : columnsOf(itemsBox.current);
    const next = moveFocus(event.key, index, shown.length, columns);
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    itemsBox.current?.querySelector<HTMLElement>(`[data-file-index="${next}"]`)?.focus();
  }

  const afterBulk = { onSuccess: () => selection.clear() };
  const items =
    visible.length === 0 ? (
      <BrowserEmpty text={emptyText(effective)} />
    ) : (
      <div ref={itemsBox} className="space-y-3">
        {view === 'list' ? (
          <FileTable
            files={shown}
            selected={selection.selected}
            focusIndex={focusIndex}
            allCount={visible.length}
            selectedCount={selectedFiles.length}
            onToggleAll={() => selection.toggleAll(visible)}
            onKeyDown={onKeyDown}
            {...handlers}
          />
        ) : (
          <FileGrid
            files={shown}
            selected={selection.selected}
            focusIndex={focusIndex}
            now={now}
            compact={view === 'folders'}
            onKeyDown={onKeyDown}
            {...handlers}
          />
        )}
        {visible.length > shown.length && (
          <div className="flex justify-center">
            <button type="button" onClick={() => setLimit((n) => n + RENDER_STEP)} className={secondaryButtonClass}>
              Show more files ({visible.length - shown.length} more)
            </button>
          </div>
        )}
      </div>
    );

  return (
    <section aria-label="File Browser" className="space-y-4">
      <BrowserToolbar
        options={options}
        onChange={change}
        tags={tags}
        connections={connections}
        view={view}
        onView={(mode) => {
          setView(mode);
          setFocusIndex(0);
        }}
      />
      {downloader.progress && <DownloadProgress progress={downloader.progress} onCancel={downloader.cancel} />}
      {files.isPending ? (
        <p role="status" className="py-12 text-center text-sm text-gray-600 dark:text-gray-400">
          Loading files…
        </p>
      ) : files.isError ? (
        <ErrorBox
          message={errorMessage(files.error)}
          action={
            <button type="button" onClick={() => void files.refetch()} className={linkButtonClass}>
              Retry
            </button>
          }
        />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <p aria-live="polite" className="text-gray-700 dark:text-gray-300">
              {countLine(visible.length, options.folder, accountName)}
            </p>
            {options.folder !== null && (
              <button type="button" onClick={() => change({ folder: null })} className={linkButtonClass}>
                Clear folder filter
              </button>
            )}
          </div>
          {view === 'folders' ? (
            <div className="grid gap-4 md:grid-cols-[minmax(12rem,16rem)_1fr]">
              <FolderTree
                folders={folders}
                current={options.folder}
                total={inScope.length}
                onSelect={(folder) => change({ folder })}
              />
              <div className="min-w-0">{items}</div>
            </div>
          ) : (
            items
          )}
        </>
      )}
      {selectedFiles.length > 0 && (
        <SelectionBar
          count={selectedFiles.length}
          busy={busy}
          onFavorite={() => bulkFavorite.mutate(selectedIds, afterBulk)}
          onUnfavorite={() => bulkUnfavorite.mutate(selectedIds, afterBulk)}
          onAddTag={() => setTagDialog(true)}
          onClear={selection.clear}
        />
      )}
      <AddTagDialog
        open={tagDialog}
        onOpenChange={setTagDialog}
        count={selectedFiles.length}
        tags={tags}
        onSubmit={(tag) => {
          setTagDialog(false);
          bulkAddTag.mutate({ fileIds: selectedIds, tag }, afterBulk);
        }}
      />
    </section>
  );
}
