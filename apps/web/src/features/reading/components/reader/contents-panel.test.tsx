import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContentsEntry } from '../../engines/engine-types';
import { ContentsPanel } from './contents-panel';

const entries: ContentsEntry[] = [
  { id: '1', label: 'Introduction', depth: 0, page: 3 },
  { id: '2', label: 'Common Tasks', depth: 0, page: null, go: vi.fn() },
  { id: '2.1', label: 'Task 1: Organizing', depth: 1, page: null, go: vi.fn() },
];

describe('ContentsPanel', () => {
  it('lists every entry as a button, nested ones indented, with the page where it is known', () => {
    const onSelect = vi.fn();
    render(<ContentsPanel id="toc" entries={entries} onSelect={onSelect} onClose={vi.fn()} />);
    const panel = screen.getByRole('complementary', { name: 'Contents' });
    const buttons = within(panel)
      .getAllByRole('button')
      .filter((b) => b.textContent !== '');
    expect(buttons.map((b) => b.textContent)).toEqual(['Introduction3', 'Common Tasks', 'Task 1: Organizing']);
    expect(buttons[2]!.style.paddingInlineStart).toBe('1.75rem');
    fireEvent.click(buttons[2]!);
    expect(onSelect).toHaveBeenCalledWith(entries[2]);
  });

  it('says it is loading before the book has opened', () => {
    render(<ContentsPanel id="toc" entries={null} onSelect={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByText('Loading contents…')).toBeTruthy();
  });
});
