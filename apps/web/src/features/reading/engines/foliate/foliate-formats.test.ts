import { makeCbz, makeEpub, makeFb2, makeMobi, realBook } from '@bookshelf/test-support';
import { makeBook, type FoliateTocItem } from 'foliate-js/view.js';
import { File as NodeFile } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { bookFileType } from './book-file';
import { readableFb2 } from './fb2-text';
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

const file = (bytes: Buffer, name: string, fileType: 'epub' | 'mobi' | 'azw3' | 'fb2' | 'cbz'): File => {
  const type = bookFileType({ fileType });
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

describe('foliate opens the books real tools made (issue 27)', () => {
  it('calibre’s Quick Start Guide, mimetype not first, with its nested table of contents', async () => {
    const book = await makeBook(file(realBook('calibreQuickStart'), 'Quick Start Guide.epub', 'epub'));
    expect(book.metadata?.title).toBe('Quick Start Guide');
    expect(book.sections.length).toBeGreaterThan(10);
    const all = (items: FoliateTocItem[]): FoliateTocItem[] => items.flatMap((i) => [i, ...all(i.subitems ?? [])]);
    expect(book.toc).toHaveLength(7);
    expect(all(book.toc ?? [])).toHaveLength(22);
    expect(all(book.toc ?? []).map((i) => i.label)).toContain('Task 2: Conversion');
  });

  it('calibre’s MOBI and AZW3 of the same four chapters', async () => {
    for (const [bytes, fileType] of [
      [realBook('keepersLogMobi'), 'mobi'],
      [realBook('keepersLogAzw3'), 'azw3'],
    ] as const) {
      const book = await makeBook(file(bytes, `Keeper.${fileType}`, fileType));
      expect(book.metadata?.title).toBe("The Keeper's Log");
      // jsdom reads no labels from calibre's index (the browser does: the e2e journey shows them).
      expect(book.toc).toHaveLength(4);
    }
  });

  it('an FB2 with entities XML does not define: every body section, once made readable', async () => {
    const text = readableFb2(new Uint8Array(realBook('fb2UndefinedEntity')));
    const book = await makeBook(file(Buffer.from(text), 'MiniHelp.en.fb2', 'fb2'));
    // The title, the epigraph, four sections and the notes body.
    expect(book.sections).toHaveLength(7);
    expect(book.toc?.map((item) => item.label)).toContain('4. Themes and fonts');
  });
});
