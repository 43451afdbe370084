/*
 * The library's `?q=` rule on its own, with no imports: the header's search box uses it on every signed-in
 * page, so it must not bring the library's other helpers (or the contract's lists) into the first download.
 */

/** The address for a search: `?q=` changes (trimmed, removed when blank), every other parameter stays. */
export function withSearch(params: URLSearchParams, q: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const text = q.trim();
  if (text) next.set('q', text);
  else next.delete('q');
  // Best match means nothing without words to match.
  if (!text && next.get('sort') === 'relevance') next.delete('sort');
  return next;
}
