import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BookCover } from './book-cover';

afterEach(cleanup);

const cover = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-cover-palette]');

describe('BookCover without a cover image', () => {
  it('draws a cover from the title, with title and author set in type', () => {
    const { container } = render(<BookCover title="Dune" author="Frank Herbert" coverUrl={null} />);
    const drawn = cover(container)!;
    expect(drawn.textContent).toContain('Dune');
    expect(drawn.textContent).toContain('Frank Herbert');
    expect(drawn.style.backgroundColor).not.toBe('');
    expect(drawn.style.backgroundImage).toContain('gradient');
    // Alone, it is an image named after the book, not "No cover for …" with the title read twice.
    expect(screen.getByRole('img', { name: 'Cover of Dune' })).toBe(drawn);
  });

  it('gives different titles different looks and one title always the same', () => {
    const looks = ['Dune', 'Emma', 'Beloved', 'Ulysses', 'Middlemarch', 'Neuromancer'].map((title) => {
      const { container, unmount } = render(<BookCover title={title} author="A" coverUrl={null} />);
      const drawn = cover(container)!;
      const look = `${drawn.dataset.coverPalette}/${drawn.dataset.coverPattern}`;
      unmount();
      return look;
    });
    expect(new Set(looks).size).toBeGreaterThan(1);
    const again = render(<BookCover title="Dune" author="Someone else" coverUrl={null} />);
    expect(`${cover(again.container)!.dataset.coverPalette}/${cover(again.container)!.dataset.coverPattern}`).toBe(
      looks[0],
    );
  });

  it('is hidden from screen readers where the title is beside it', () => {
    const { container } = render(<BookCover title="Dune" author="Frank Herbert" coverUrl={null} decorative />);
    expect(cover(container)!.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows whole-grapheme initials on a thumbnail instead of a title that would be clipped', () => {
    const { container } = render(
      <BookCover title="Ada 📚 Lovelace" author="Ada" coverUrl={null} size="small" className="w-12" decorative />,
    );
    expect(cover(container)!.textContent).toBe('AL');
  });

  it('falls back to the drawn cover when the image fails to load', () => {
    const { container } = render(<BookCover title="Dune" author="Frank Herbert" coverUrl="https://x.test/d.jpg" />);
    const image = screen.getByRole('img', { name: 'Cover of Dune' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    expect(cover(container)).not.toBeNull();
  });
});
