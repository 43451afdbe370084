import type { ContentsEntry } from './engine-types';

/** A table of contents as foliate-js and pdf.js give it: a tree of labelled items. */
export interface ContentsNode<T> {
  label: string;
  target: T;
  children: readonly ContentsNode<T>[];
}

/**
 * The tree as the panel lists it: depth-first, each entry with its depth and a stable id; blank labels are
 * named by their place so a screen reader still says something.
 */
export function flattenContents<T>(
  nodes: readonly ContentsNode<T>[],
  entry: (target: T) => Pick<ContentsEntry, 'page' | 'go'>,
  depth = 0,
  prefix = '',
): ContentsEntry[] {
  return nodes.flatMap((node, i) => {
    const id = `${prefix}${i + 1}`;
    const label = node.label.replace(/\s+/g, ' ').trim() || `Section ${id}`;
    return [{ id, label, depth, ...entry(node.target) }, ...flattenContents(node.children, entry, depth + 1, `${id}.`)];
  });
}
