import { BookLimits, type CoverSource, type FoundCover, type IsbnLookup } from '@bookshelf/contract';
import type { BookFacts } from './book-facts.js';

const MAX_SUBJECTS = 10;

const clip = (text: string | undefined, max: number) =>
  text === undefined ? null : text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** Each distinct subject once (ignoring case), first spelling first, at most ten. */
function subjectsOf(lists: string[][]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const subject of lists.flat()) {
    const key = subject.toLowerCase();
    if (seen.has(key) || subject.length > 100) continue;
    seen.add(key);
    out.push(subject);
  }
  return out.slice(0, MAX_SUBJECTS);
}

/**
 * One answer from what the services said, Open Library first: its catalogue data (title, authors, publisher,
 * pages) is edited by librarians, while Google Books is the better source of descriptions and of a genre (its
 * categories are a fixed list; Open Library's subjects are free text such as "Accessible book").
 */
export function mergeFacts(
  isbn: string,
  answers: { openLibrary?: BookFacts | undefined; googleBooks?: BookFacts | undefined },
  covers: FoundCover[],
): IsbnLookup | undefined {
  const { openLibrary: ol, googleBooks: gb } = answers;
  const title = ol?.title ?? gb?.title;
  if (!title) return undefined;
  const authors = ol?.authors.length ? ol.authors : (gb?.authors ?? []);
  const subjects = subjectsOf([gb?.subjects ?? [], ol?.subjects ?? []]);
  const sources: CoverSource[] = [];
  if (ol) sources.push('Open Library');
  if (gb) sources.push('Google Books');
  return {
    isbn,
    title: clip(title, BookLimits.titleMax) ?? title,
    author: clip(authors.join(', '), BookLimits.authorMax) ?? '',
    authors,
    publisher: clip(ol?.publisher ?? gb?.publisher, BookLimits.textMax),
    publishedYear: ol?.publishedYear ?? gb?.publishedYear ?? null,
    pages: [ol?.pages, gb?.pages].find((p) => p !== undefined && p <= BookLimits.pagesMax) ?? null,
    description: clip(gb?.description ?? ol?.description, BookLimits.notesMax),
    genre: clip(gb?.subjects[0] ?? ol?.subjects[0], 100),
    subjects,
    covers,
    sources,
  };
}
