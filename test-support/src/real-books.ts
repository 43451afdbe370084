import { readFileSync } from 'node:fs';

/**
 * Book files made by real tools, committed under test-support/books with their provenance (PROVENANCE.md
 * there): what readers upload, with the quirks generated files do not have.
 */
export const REAL_BOOKS = {
  /** calibre's own Quick Start Guide: `mimetype` is not the first entry; 14 chapters in its table of contents. */
  calibreQuickStart: 'calibre-quick-start.epub',
  /** FictionBook with an entity it never defines (as FBReader's MiniHelp.en.fb2) and several body sections. */
  fb2UndefinedEntity: 'undefined-entity.fb2',
  /** Made by calibre's ebook-convert: an old-style MOBI (version 6) and a KF8 AZW3 of the same four chapters. */
  keepersLogMobi: 'keepers-log.mobi',
  keepersLogAzw3: 'keepers-log.azw3',
} as const;

export type RealBook = keyof typeof REAL_BOOKS;

/**
 * Works from src/ and from dist/ (both sit beside books/), and under Vite's test runner, whose module URLs put
 * `/@fs` before a path outside the app's root.
 */
export function realBookPath(book: RealBook): string {
  const path = decodeURIComponent(new URL(`../books/${REAL_BOOKS[book]}`, import.meta.url).pathname);
  return path.startsWith('/@fs/') ? path.slice('/@fs'.length) : path;
}

export const realBook = (book: RealBook): Buffer => readFileSync(realBookPath(book));
