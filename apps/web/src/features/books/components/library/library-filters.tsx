import {
  BOOK_FORMAT_LABELS,
  BOOK_FORMATS,
  BOOK_SORT_LABELS,
  BOOK_SORTS,
  BOOK_STATUS_LABELS,
  BOOK_STATUSES,
  type BookFacets,
  type BookSort,
  type FacetCount,
} from '@bookshelf/contract';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, LayoutGrid, List, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { focusRing } from '../../../../components/ui/button-styles';
import {
  activeFilterCount,
  effectiveOrder,
  effectiveSort,
  hasActiveFilters,
  RATING_OPTIONS,
  type FilterKey,
  type LibraryFilters,
} from '../../lib/library-params';
import type { LibraryView } from '../../lib/library-view';

const selectClass = `h-9 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-2 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 ${focusRing}`;
const labelClass = 'mb-1 block text-xs font-medium text-gray-600 dark:text-gray-400';

const countOf = (facets: FacetCount[] | undefined, value: string) => facets?.find((f) => f.value === value)?.count ?? 0;

/** Status chips with their counts: All, Owned, Wishlist, Reading, Read, Lent. */
export function StatusChips({
  facets,
  status,
  onChange,
}: {
  facets: BookFacets | undefined;
  status: LibraryFilters['status'];
  onChange: (value: string | null) => void;
}) {
  const chips = [
    { value: null, label: 'All', count: facets?.total },
    ...BOOK_STATUSES.map((s) => ({ value: s, label: BOOK_STATUS_LABELS[s], count: countOf(facets?.status, s) })),
  ];
  return (
    <div role="group" aria-label="Status" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {chips.map(({ value, label, count }) => {
        const pressed = status === value;
        return (
          <button
            key={label}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(value)}
            className={`inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors ${focusRing} ${
              pressed
                ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-500'
                : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200 dark:hover:bg-gray-800'
            }`}
          >
            {/* Named by exactly what it shows, "All 23", with no aria-label to differ (WCAG 2.5.3, label in name). */}
            {label}{' '}
            {count !== undefined && (
              <span
                className={`rounded-full px-1.5 text-xs tabular-nums ${pressed ? 'bg-indigo-800 text-white dark:bg-indigo-950' : 'bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300'}`}
              >
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

interface Option {
  value: string;
  label: string;
}

function FacetSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string | null;
  options: Option[];
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  // A value from the address that the facets no longer list still shows as chosen.
  const shown =
    value !== null && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} className={selectClass}>
        <option value="">{allLabel}</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const withCount = (label: string, count: number) => `${label} (${count})`;

interface FilterPanelProps {
  filters: LibraryFilters;
  facets: BookFacets | undefined;
  accountNames: ReadonlyMap<string, string>;
  onFilter: (key: FilterKey, value: string | null) => void;
  onClear: () => void;
}

/**
 * Format, genre, tag, account, rating and special edition, each with how many books it holds (behind a
 * Filters button on phones), and Clear filters whenever search or any filter narrows the list.
 */
export function FilterPanel({ filters, facets, accountNames, onFilter, onClear }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(filters) - (filters.status ? 1 : 0);
  const formats = BOOK_FORMATS.map((f) => ({
    value: f,
    label: withCount(BOOK_FORMAT_LABELS[f], countOf(facets?.format, f)),
  }));
  const listed = (list: FacetCount[] | undefined, name = (v: string) => v) =>
    (list ?? []).map(({ value, count }) => ({ value, label: withCount(name(value), count) }));

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className={`inline-flex h-9 items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium md:hidden dark:border-gray-700 dark:bg-gray-900 ${focusRing}`}
      >
        <SlidersHorizontal aria-hidden className="size-4" />
        Filters{active > 0 ? ` (${active})` : ''}
      </button>
      <div
        id={panelId}
        role="group"
        aria-label="Filters"
        className={`${open ? 'grid' : 'hidden'} mt-2 grid-cols-2 gap-3 md:mt-0 md:grid md:grid-cols-3 lg:grid-cols-6`}
      >
        <FacetSelect
          label="Format"
          allLabel="All formats"
          value={filters.format}
          options={formats}
          onChange={(v) => onFilter('format', v)}
        />
        <FacetSelect
          label="Genre"
          allLabel="All genres"
          value={filters.genre}
          options={listed(facets?.genre)}
          onChange={(v) => onFilter('genre', v)}
        />
        <FacetSelect
          label="Tag"
          allLabel="All tags"
          value={filters.tag}
          options={listed(facets?.tag)}
          onChange={(v) => onFilter('tag', v)}
        />
        <FacetSelect
          label="Account"
          allLabel="All accounts"
          value={filters.accountId}
          options={listed(facets?.account, (id) => accountNames.get(id) ?? id)}
          onChange={(v) => onFilter('accountId', v)}
        />
        <FacetSelect
          label="Rating"
          allLabel="Any rating"
          value={filters.rating === null ? null : String(filters.rating)}
          options={RATING_OPTIONS.map((n) => ({ value: String(n), label: n === 1 ? '1 star' : `${n} stars` }))}
          onChange={(v) => onFilter('rating', v)}
        />
        <FacetSelect
          label="Special edition"
          allLabel="All editions"
          value={filters.specialEdition === null ? null : String(filters.specialEdition)}
          options={[
            { value: 'true', label: 'Special editions' },
            { value: 'false', label: 'Regular editions' },
          ]}
          onChange={(v) => onFilter('specialEdition', v)}
        />
      </div>
      {hasActiveFilters(filters) && (
        <button
          type="button"
          onClick={onClear}
          className={`mt-2 rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300 ${focusRing}`}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

/** Sort field (Best match only while searching) and the ascending/descending toggle. */
export function SortControl({
  filters,
  onSort,
  onToggleOrder,
}: {
  filters: LibraryFilters;
  onSort: (sort: BookSort) => void;
  onToggleOrder: () => void;
}) {
  const id = useId();
  const sort = effectiveSort(filters);
  const order = effectiveOrder(filters);
  const sorts = BOOK_SORTS.filter((s) => s !== 'relevance' || filters.q);
  const Icon = order === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        Sort by
      </label>
      <select
        id={id}
        value={sort}
        onChange={(e) => onSort(e.target.value as BookSort)}
        className={`${selectClass} w-auto`}
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {BOOK_SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={onToggleOrder}
        aria-label={order === 'asc' ? 'Ascending order' : 'Descending order'}
        title={order === 'asc' ? 'Ascending (click for descending)' : 'Descending (click for ascending)'}
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-lg border border-gray-300 bg-white text-gray-700 hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200 dark:hover:bg-gray-800 ${focusRing}`}
      >
        <Icon aria-hidden className="size-4" />
      </button>
    </div>
  );
}

/** Grid or list. */
export function ViewToggle({ view, onChange }: { view: LibraryView; onChange: (view: LibraryView) => void }) {
  const options = [
    { value: 'grid', label: 'Grid view', Icon: LayoutGrid },
    { value: 'list', label: 'List view', Icon: List },
  ] as const;
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-lg border border-gray-300 p-0.5 dark:border-gray-700"
    >
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={`inline-flex size-8 items-center justify-center rounded-md ${focusRing} ${
            view === value
              ? 'bg-indigo-600 text-white dark:bg-indigo-500'
              : 'text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
          }`}
        >
          <Icon aria-hidden className="size-4" />
        </button>
      ))}
    </div>
  );
}
