import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

/** The header's library search (spec core.md §1): Enter opens the library filtered by the text. */
export function LibrarySearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `/books?${new URLSearchParams({ q }).toString()}` : '/books');
  }

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
        onChange={(event) => setText(event.target.value)}
        className="w-full min-w-0 rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-sm text-gray-900 placeholder:text-gray-500 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400"
      />
    </form>
  );
}
