import type { FoliateTocItem } from 'foliate-js/view.js';
import { flattenContents, type ContentsNode } from '../contents';
import type { ContentsEntry } from '../engine-types';

const nodesOf = (items: readonly FoliateTocItem[]): ContentsNode<string>[] =>
  items.map((item) => ({ label: item.label ?? '', target: item.href, children: nodesOf(item.subitems ?? []) }));

/** A book's table of contents (EPUB navigation or NCX, a MOBI's index, FB2 sections), each entry going by href. */
export const foliateContents = (
  toc: readonly FoliateTocItem[] | undefined,
  go: (href: string) => void,
): ContentsEntry[] => flattenContents(nodesOf(toc ?? []), (href) => ({ page: null, go: () => go(href) }));
