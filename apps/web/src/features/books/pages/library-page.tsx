import { type Book, type BookStatus, type Job } from '@bookshelf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { withOrigin } from '../../../lib/use-origin';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { ErrorBox } from '../../../components/ui/error-box';
import { JobProgress } from '../../../components/ui/job-progress';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { announceSampleLibrary } from '../../../lib/jobs/sample-library';
import { toast } from '../../../lib/toast';
import { useBookFacets } from '../api/use-book-facets';
import { useInfiniteBooks } from '../api/use-infinite-books';
import { bookKeys } from '../api/query-keys';
import { useLoadDemo } from '../api/use-load-demo';
import { BookCollection } from '../components/library/book-collection';
import { BookSkeletons } from '../components/library/book-skeletons';
import { ExportMenu } from '../components/library/export-menu';
import { FilterPanel, SortControl, StatusChips, ViewToggle } from '../components/library/library-filters';
import { EmptyLibrary, NoResults } from '../components/library/library-empty';
import { SelectionBar } from '../components/library/selection-bar';
import { useAccountNames } from '../components/library/use-account-names';
import type { TagDialogMode } from '../components/library/tag-dialog';
import { useBulkActions } from '../components/library/use-bulk-actions';
import { bookCount } from '../lib/book-count';
import {
  effectiveOrder,
  hasActiveFilters,
  parseLibraryParams,
  toBookListQuery,
  withoutFilters,
  withParam,
  withSort,
  type FilterKey,
} from '../lib/library-params';
import { loadWithRetry } from '../../../lib/lazy-retry';
import { readLibraryView, saveLibraryView, type LibraryView } from '../lib/library-view';
import { emptySelection, selectRange, toggleAll, toggleOne, type SelectionState } from '../lib/selection';

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.matches('textarea, select, input:not([type=checkbox]):not([type=radio])'));

// The tag dialog brings Radix's dialog (~13 KB): it loads once books are selected, not with the first screen.
const loadTagDialog = () => import('../components/library/tag-dialog');
const TagDialog = lazy(() => loadWithRetry(loadTagDialog).then((m) => ({ default: m.TagDialog })));

/**
 * The library screen (core.md §2, /books): the reader's books in a grid or a list, narrowed by the header's
 * search and the filters (all in the address), loaded page by page as they scroll, with multi-select and bulk
 * changes that can be undone.
 */
export function LibraryPage() {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => parseLibraryParams(params), [params]);
  const query = useMemo(() => toBookListQuery(filters), [filters]);
  const filtered = hasActiveFilters(filters);

  const books = useInfiniteBooks(query);
  const facets = useBookFacets();
  const accountNames = useAccountNames();
  const loadDemo = useLoadDemo();
  const queryClient = useQueryClient();
  const [sampleJobId, setSampleJobId] = useState<string>();

  const [view, setView] = useState<LibraryView>(readLibraryView);
  const [selection, setSelection] = useState<SelectionState>(emptySelection);
  const [tagDialog, setTagDialog] = useState<TagDialogMode | null>(null);

  // The books render in a transition, which React splits into short tasks: the page stays responsive while a
  // screenful of cards is built (issue 11: the library's long tasks on a phone).
  const data = useDeferredValue(books.data);
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const ids = useMemo(() => items.map((book) => book.id), [items]);
  const total = data?.pages[0]?.total;
  const totalCapped = data?.pages[0]?.totalCapped === true;
  const origin = useMemo(() => withOrigin(pathname + search, 'Library'), [pathname, search]);

  // A new search or filter shows other books: a selection of books no longer in view is not acted on.
  const queryKey = JSON.stringify(query);
  const [selectionQuery, setSelectionQuery] = useState(queryKey);
  if (selectionQuery !== queryKey) {
    setSelectionQuery(queryKey);
    setSelection(emptySelection);
  }

  const selectedIds = ids.filter((id) => selection.selected.has(id));
  const clearSelection = useCallback(() => setSelection(emptySelection), []);
  const actions = useBulkActions(clearSelection);

  // Escape clears the selection (an open dialog, or a text field, keeps Escape for itself).
  const hasSelection = selection.selected.size > 0;
  useEffect(() => {
    if (hasSelection) void loadTagDialog().catch(() => undefined);
  }, [hasSelection]);
  useEffect(() => {
    if (!hasSelection || tagDialog) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented || isTextField(event.target)) return;
      clearSelection();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hasSelection, tagDialog, clearSelection]);

  const setParam = (key: FilterKey, value: string | null) => setParams((current) => withParam(current, key, value));
  const clearFilters = () => setParams((current) => withoutFilters(current));

  function changeView(next: LibraryView) {
    setView(next);
    saveLibraryView(next);
  }

  const openBook = useCallback(
    (book: Book) => void navigate(`/books/${encodeURIComponent(book.id)}`, { state: origin }),
    [navigate, origin],
  );
  // Stable, like the other callbacks BookCollection takes: it is memoized, so the facets and accounts arriving
  // (which re-render this page) do not lay out its cards again.
  const { fetchNextPage: fetchNext } = books;
  const fetchNextPage = useCallback(() => void fetchNext(), [fetchNext]);

  const toggle = useCallback(
    (book: Book, _index: number, range: boolean) =>
      setSelection((current) => (range ? selectRange(current, ids, book.id) : toggleOne(current, book.id))),
    [ids],
  );
  const selectAll = useCallback(() => setSelection((current) => toggleAll(current, ids)), [ids]);

  /** The load is a job: the answer names it, and the page follows its progress until it has finished. */
  function loadSample() {
    loadDemo.mutate(undefined, {
      onSuccess: (job) => setSampleJobId(job.id),
      onError: (error) =>
        error instanceof ApiRequestError && error.status === 409
          ? toast.info(error.message)
          : toast.error('Could not load the sample library', errorMessage(error)),
    });
  }

  const sampleFinished = useCallback(
    (job: Job) => {
      setSampleJobId(undefined);
      void queryClient.invalidateQueries({ queryKey: bookKeys.all });
      announceSampleLibrary(job);
    },
    [queryClient],
  );

  const libraryEmpty = !filtered && (facets.data?.total === 0 || total === 0);
  const selectedTags = [
    ...new Set(items.filter((book) => selection.selected.has(book.id)).flatMap((book) => book.tags)),
  ].sort((a, b) => a.localeCompare(b));

  let content;
  if (libraryEmpty) {
    content = (
      <EmptyLibrary
        onAdd={() => void navigate({ pathname: '/books', search: withParam(params, 'add', '1').toString() })}
        onLoadSample={loadSample}
        loading={loadDemo.isPending || sampleJobId !== undefined}
      />
    );
  } else if (books.isError && !books.data) {
    content = (
      <ErrorBox
        message={errorMessage(books.error)}
        action={
          <button type="button" onClick={() => void books.refetch()} className={secondaryButtonClass}>
            Retry
          </button>
        }
      />
    );
  } else if (!data) {
    content = <BookSkeletons view={view} />;
  } else if (items.length === 0) {
    content = <NoResults onClear={clearFilters} />;
  } else {
    const allSelected = selectedIds.length === items.length;
    content = (
      <>
        <div className="flex items-center justify-between gap-3 text-sm text-gray-600 dark:text-gray-400">
          <label className="inline-flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = selectedIds.length > 0 && !allSelected;
              }}
              onChange={selectAll}
              className="size-4 rounded accent-indigo-600 dark:accent-indigo-400"
            />
            Select all loaded
          </label>
          {books.isFetching && !books.isFetchingNextPage && <span role="status">Updating…</span>}
        </div>
        <BookCollection
          books={items}
          view={view}
          selected={selection.selected}
          origin={origin}
          hasNextPage={books.hasNextPage}
          isFetchingNextPage={books.isFetchingNextPage}
          fetchNextPage={fetchNextPage}
          onToggle={toggle}
          onSelectAll={selectAll}
          onOpen={openBook}
        />
        {books.isFetchNextPageError && (
          <ErrorBox
            message={errorMessage(books.error)}
            action={
              <button type="button" onClick={() => void books.fetchNextPage()} className={secondaryButtonClass}>
                Retry
              </button>
            }
          />
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="library-title" data-tab="library" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="library-title" className="text-2xl font-semibold tracking-tight">
            My Library
          </h1>
          <p role="status" className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {total === undefined
              ? ' '
              : filtered && facets.data
                ? `${total}${totalCapped ? '+' : ''} of ${bookCount(facets.data.total)}`
                : bookCount(total)}
          </p>
        </div>
        {sampleJobId && (
          <JobProgress jobId={sampleJobId} label="Adding sample books" onFinished={sampleFinished} cancellable />
        )}
        {!libraryEmpty && (
          <div className="flex items-center gap-2">
            <SortControl
              filters={filters}
              onSort={(sort) => setParams((current) => withSort(current, sort))}
              onToggleOrder={() =>
                setParams((current) =>
                  withParam(current, 'order', effectiveOrder(parseLibraryParams(current)) === 'asc' ? 'desc' : 'asc'),
                )
              }
            />
            <ViewToggle view={view} onChange={changeView} />
            <ExportMenu />
          </div>
        )}
      </div>

      {!libraryEmpty && (
        <div className="space-y-3">
          <StatusChips facets={facets.data} status={filters.status} onChange={(v) => setParam('status', v)} />
          <FilterPanel
            filters={filters}
            facets={facets.data}
            accountNames={accountNames}
            onFilter={setParam}
            onClear={clearFilters}
          />
        </div>
      )}

      {content}

      {selectedIds.length > 0 && (
        <SelectionBar
          count={selectedIds.length}
          busy={actions.busy}
          onStatus={(status: BookStatus) => actions.setStatus(selectedIds, status)}
          onAddTag={() => setTagDialog('add')}
          onRemoveTag={() => setTagDialog('remove')}
          onDelete={() => actions.deleteAll(selectedIds)}
          onClear={clearSelection}
        />
      )}
      {tagDialog !== null && (
        <Suspense fallback={null}>
          <TagDialog
            mode={tagDialog}
            open
            onOpenChange={(open) => !open && setTagDialog(null)}
            count={selectedIds.length}
            tags={tagDialog === 'remove' ? selectedTags : (facets.data?.tag.map((t) => t.value) ?? [])}
            onSubmit={(tag) => {
              if (tagDialog === 'remove') actions.removeTag(selectedIds, tag);
              else actions.addTag(selectedIds, tag);
              setTagDialog(null);
            }}
          />
        </Suspense>
      )}

      {/* ADD BOOK DIALOG: opened by ?add=1 (the header's Add Book and the empty library's button). The app
          shell mounts it on every signed-in page (features/books/components/add-book-route.tsx), so nothing
          renders here; mount it here instead if it ever becomes library-only. */}
    </section>
  );
}
