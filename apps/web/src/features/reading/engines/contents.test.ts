import { describe, expect, it } from 'vitest';
import { flattenContents, type ContentsNode } from './contents';

const node = (label: string, target: number, children: ContentsNode<number>[] = []): ContentsNode<number> => ({
  label,
  target,
  children,
});

describe('flattenContents', () => {
  it('lists a nested table of contents depth first with each entry’s depth', () => {
    const tree = [
      node('Intro', 1),
      node('Common Tasks', 5, [node('Task 1', 6), node(' Task\n 2 ', 8, [node('2.1', 9)])]),
      node('', 12),
    ];
    const entries = flattenContents(tree, (page) => ({ page }));
    expect(entries.map((e) => [e.id, e.label, e.depth, e.page])).toEqual([
      ['1', 'Intro', 0, 1],
      ['2', 'Common Tasks', 0, 5],
      ['2.1', 'Task 1', 1, 6],
      ['2.2', 'Task 2', 1, 8],
      ['2.2.1', '2.1', 2, 9],
      ['3', 'Section 3', 0, 12],
    ]);
    expect(flattenContents([], (page: number) => ({ page }))).toEqual([]);
  });
});
