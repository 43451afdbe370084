import { BookLimits } from '@bookshelf/contract';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LIBRARY_PATH } from '../lib/book-routes';
import { withSearch } from '../lib/search-param';

/** Long enough not to fetch on every keystroke, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 250;

export const SEARCH_HINT = `Type at least ${BookLimits.searchMinTyped} characters to search.`;

/** One letter would match most of a library (decision 029): shorter text searches nothing, as if blank. */
const searchable = (value: string) => (Array.from(value.trim()).length >= BookLimits.searchMinTyped ? value : '');

/**
 * The header's library search (spec core.md §1). On the library it filters live: typing updates `?q=` after a
 * short pause, replacing the history entry so Back does not step through every keystroke. Elsewhere, Enter
 * opens the library filtered by the text. On the library the box follows `?q=` (Back, Clear filters).
 */
export function LibrarySearch() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onLibrary = pathname === LIBRARY_PATH;
  const urlQuery = onLibrary ? (new URLSearchParams(search).get('q') ?? '') : null;
  const [text, setText] = useState(urlQuery ?? '');
  const [hinted, setHinted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The address as it is when a pending update fires, not as it was when the key was pressed.
  const latest = useRef({ pathname, search });
  useEffect(() => {
    latest.current = { pathname, search };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // Follow the address when it changes under the box; what was typed wins when it says the same (a trailing
  // space is still being typed, not to be trimmed away; one letter searches nothing, as the address says).
  const [seenQuery, setSeenQuery] = useState(urlQuery);
  if (urlQuery !== seenQuery) {
    setSeenQuery(urlQuery);
    if (urlQuery !== null && urlQuery.trim() !== searchable(text).trim()) setText(urlQuery);
  }

  function apply(value: string) {
    clearTimeout(timer.current);
    // Said once the reader pauses (or presses Enter), not at the first keystroke of every search.
    setHinted(true);
    if (latest.current.pathname !== LIBRARY_PATH) return;
    const current = new URLSearchParams(latest.current.search);
    const next = withSearch(current, searchable(value));
    if (next.toString() === current.toString()) return;
    const query = next.toString();
    void navigate({ pathname: LIBRARY_PATH, search: query ? `?${query}` : '' }, { replace: true });
  }

  function onChange(value: string) {
    setText(value);
    setHinted(false);
    if (!onLibrary) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(value), SEARCH_DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (onLibrary) {
      apply(text);
      return;
    }
    const q = searchable(text).trim();
    if (q) void navigate(`${LIBRARY_PATH}?${new URLSearchParams({ q }).toString()}`);
    else if (!text.trim()) void navigate(LIBRARY_PATH);
    else setHinted(true);
  }

  const tooShort = hinted && text.trim() !== '' && !searchable(text);
  return (
    <form role="search" onSubmit={onSubmit} className="relative w-full md:max-w-md">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400 dark:text-gray-500"
      />
      <input
        type="search"
        aria-label="Search your library"
        placeholder="Search your library..."
        value={text}
        maxLength={BookLimits.searchMax}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={tooShort ? 'library-search-hint' : undefined}
        className="w-full min-w-0 rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm text-gray-900 placeholder:text-gray-500 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
      />
      {tooShort && (
        // Floats below the box, so the page does not shift while it shows.
        <p
          id="library-search-hint"
          role="status"
          className="absolute top-full left-0 z-10 mt-1 rounded-md bg-white px-2 py-1 text-xs text-gray-600 shadow dark:bg-gray-900 dark:text-gray-300"
        >
          {SEARCH_HINT}
        </p>
      )}
    </form>
  );
}
