import { LookupMessages, manualCoverSources, type FoundCover } from '@bookshelf/contract';
import { ExternalLink, TriangleAlert } from 'lucide-react';

interface CoverChoiceProps {
  covers: FoundCover[];
  chosen: string | null;
  onChoose: (url: string | null) => void;
  book: { title: string; author: string; isbn: string };
}

const linkClass =
  'inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300';

/**
 * The covers the server found and stored, to pick one (or none); when there are none, the spec's warning with
 * places to look by hand (core.md §8).
 */
export function CoverChoice({ covers, chosen, onChoose, book }: CoverChoiceProps) {
  if (covers.length === 0) {
    const { sources, webSearch } = manualCoverSources(book);
    return (
      <div
        role="status"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="flex items-center gap-2 font-medium">
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          {LookupMessages.noCovers}
        </p>
        <p className="mt-1">Look for one here, then paste its address into Cover URL:</p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {sources.map((source) => (
            <li key={source.name}>
              <a className={linkClass} href={source.url} target="_blank" rel="noopener noreferrer">
                {source.name}
                <ExternalLink aria-hidden className="size-3.5" />
              </a>
            </li>
          ))}
          <li>
            <a className={linkClass} href={webSearch} target="_blank" rel="noopener noreferrer">
              Search the web
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          </li>
        </ul>
      </div>
    );
  }
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-700 dark:text-gray-300">Cover</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {covers.map((cover) => (
          <label
            key={cover.url}
            className="cursor-pointer rounded-lg border-2 border-transparent p-1 has-[:checked]:border-indigo-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500"
          >
            <input
              type="radio"
              name="cover"
              className="sr-only"
              checked={chosen === cover.url}
              onChange={() => onChoose(cover.url)}
            />
            <img
              src={cover.url}
              alt={`Cover from ${cover.source}`}
              width={cover.width}
              height={cover.height}
              className="h-32 w-auto rounded shadow-sm"
            />
            <span className="mt-1 block text-center text-xs text-gray-600 dark:text-gray-400">{cover.source}</span>
          </label>
        ))}
        <label className="flex h-32 cursor-pointer items-center rounded-lg border-2 border-dashed border-gray-300 px-3 text-sm text-gray-600 has-[:checked]:border-indigo-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500 dark:border-gray-700 dark:text-gray-400">
          <input
            type="radio"
            name="cover"
            className="sr-only"
            checked={chosen === null}
            onChange={() => onChoose(null)}
          />
          No cover
        </label>
      </div>
    </fieldset>
  );
}
