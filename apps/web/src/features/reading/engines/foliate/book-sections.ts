import type { FoliateBook } from 'foliate-js/view.js';
import { bookDocument, isMarkup } from './without-scripts';

/**
 * Puts every section of a book, whatever its format, through bookDocument on its way to the frame: foliate's
 * formats hand a section over as a blob: URL (EPUB after its 'data' event, MOBI, AZW3, FB2 and comics without
 * one), so the URL is read back, cleaned and replaced by one of ours. Returns what takes our URLs down.
 */
export function guardSections(book: FoliateBook): () => void {
  const made = new Map<string, Promise<string>>();
  for (const section of book.sections) {
    const load = section.load.bind(section);
    section.load = () =>
      Promise.resolve(load()).then((url) => {
        if (typeof url !== 'string' || !url.startsWith('blob:')) return url;
        let guarded = made.get(url);
        if (!guarded) {
          guarded = guardedUrl(url);
          made.set(url, guarded);
        }
        return guarded;
      });
  }
  return () => {
    for (const url of made.values()) void url.then((u) => URL.revokeObjectURL(u)).catch(() => undefined);
    made.clear();
  };
}

async function guardedUrl(url: string): Promise<string> {
  const blob = await (await fetch(url)).blob();
  if (!isMarkup(blob.type)) return url;
  const markup = bookDocument(await blob.text(), blob.type);
  return URL.createObjectURL(new Blob([markup], { type: blob.type }));
}
