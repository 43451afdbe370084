import { makeCbz, makeEpub, makeFb2, makeMobi } from '@bookshelf/test-support';
import { makeBook } from 'foliate-js/view.js';
import { File as NodeFile } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { bookFile } from './book-file';
import { locationCount } from './foliate-location';

/*
 * The generated books of test-support, opened by foliate-js itself (its parsers run in jsdom; only drawing needs
 * a browser): each format is told apart from its bytes and kind, and its sections are what the generator wrote.
 */
// foliate's EPUB parser uses Object.groupBy and Map.groupBy, which every browser has and Node 20 (running these
// tests) lacks.
type KeyOf = (item: unknown, index: number) => unknown;
function eachKeyed(items: Iterable<unknown>, keyOf: KeyOf, add: (key: unknown, item: unknown) => void) {
  let index = 0;
  for (const item of items) add(keyOf(item, index++), item);
}
if (!('groupBy' in Object)) {
  Object.defineProperty(Object, 'groupBy', {
    value: (items: Iterable<unknown>, keyOf: KeyOf) => {
      const groups: Record<string, unknown[]> = {};
      eachKeyed(items, keyOf, (key, item) => (groups[String(key)] ??= []).push(item));
      return groups;
    },
  });
}
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value: (items: Iterable<unknown>, keyOf: KeyOf) => {
      const groups = new Map<unknown, unknown[]>();
      eachKeyed(items, keyOf, (key, item) => groups.set(key, [...(groups.get(key) ?? []), item]));
      return groups;
    },
  });
}

const file = (bytes: Buffer, name: string, fileType: 'epub' | 'mobi' | 'fb2' | 'cbz'): File => {
  const { type } = bookFile(new Blob([new Uint8Array(bytes)]), { name, fileType });
  // jsdom's Blob cannot be read (no arrayBuffer()); Node's File is the same bytes with the same name and type.
  return new NodeFile([bytes], name, { type }) as unknown as File;
};

describe('foliate opens the generated books', () => {
  it('an EPUB: its spine, title and locations', async () => {
    const book = await makeBook(
      file(makeEpub({ chapters: 4, wordsPerChapter: 600, title: 'Four' }), 'four.epub', 'epub'),
    );
    expect(book.sections).toHaveLength(4);
    expect(book.metadata?.title).toBe('Four');
    expect(locationCount(book.sections)).toBeGreaterThan(4);
    expect(book.transformTarget).toBeDefined();
  });

  it('a MOBI', async () => {
    const book = await makeBook(file(makeMobi({ chapters: 3, title: 'Pocket' }), 'pocket', 'mobi'));
    expect(book.sections).toHaveLength(3);
    expect(book.metadata?.title).toBe('Pocket');
  });

  it('a FictionBook, known by its kind even without the extension', async () => {
    const book = await makeBook(file(makeFb2({ sections: 2, title: 'Tale' }), 'tale', 'fb2'));
    expect(book.metadata?.title).toBe('Tale');
    expect(book.sections.length).toBeGreaterThanOrEqual(2);
  });

  it('a comic book: one fixed-layout page per picture', async () => {
    const book = await makeBook(file(makeCbz({ images: 3 }), 'comic', 'cbz'));
    expect(book.rendition?.layout).toBe('pre-paginated');
    expect(book.sections).toHaveLength(3);
  });
});
