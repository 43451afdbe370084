import '../../../test/fake-network';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNavigate } from 'react-router';
import { renderWithApp } from '../../../test/render-with-app';
import { LibrarySearch, SEARCH_DEBOUNCE_MS, SEARCH_HINT } from './library-search';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search your library' });
const type = (value: string) => fireEvent.change(box(), { target: { value } });
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      {`go ${to}`}
    </button>
  );
}

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

describe('header library search', () => {
  it('on the library, updates ?q= after a pause and keeps the other parameters', () => {
    const { location } = renderWithApp(<LibrarySearch />, { route: '/books?status=read&sort=title' });
    type('d');
    type('du');
    type('dune');
    wait(SEARCH_DEBOUNCE_MS - 1);
    expect(location()).toBe('/books?status=read&sort=title');
    wait(1);
    expect(location()).toBe('/books?status=read&sort=title&q=dune');
    type('');
    wait(SEARCH_DEBOUNCE_MS);
    expect(location()).toBe('/books?status=read&sort=title');
  });

  it('replaces the history entry rather than adding one per search', () => {
    const { location } = renderWithApp(
      <>
        <LibrarySearch />
        <GoTo to="/books" />
        <Back />
      </>,
      { route: '/dashboard' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'go /books' }));
    type('dune');
    wait(SEARCH_DEBOUNCE_MS);
    type('dune messiah');
    wait(SEARCH_DEBOUNCE_MS);
    expect(location()).toBe('/books?q=dune+messiah');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/dashboard');
  });

  it('Enter applies at once on the library', () => {
    const { location } = renderWithApp(<LibrarySearch />, { route: '/books' });
    type('  tolkien ');
    fireEvent.submit(box().closest('form')!);
    expect(location()).toBe('/books?q=tolkien');
  });

  it('elsewhere, typing stays put and Enter opens the library filtered', () => {
    const { location } = renderWithApp(<LibrarySearch />, { route: '/dashboard' });
    type('dune');
    wait(SEARCH_DEBOUNCE_MS * 2);
    expect(location()).toBe('/dashboard');
    fireEvent.submit(box().closest('form')!);
    expect(location()).toBe('/books?q=dune');
  });

  it('follows ?q= when the address changes under it, and shows it on arrival', () => {
    renderWithApp(
      <>
        <LibrarySearch />
        <GoTo to="/books?q=hobbit" />
        <GoTo to="/books" />
      </>,
      { route: '/books?q=dune' },
    );
    expect(box().value).toBe('dune');
    fireEvent.click(screen.getByRole('button', { name: 'go /books?q=hobbit' }));
    expect(box().value).toBe('hobbit');
    fireEvent.click(screen.getByRole('button', { name: 'go /books' }));
    expect(box().value).toBe('');
  });

  it('a pending update does not pull the reader back after they leave the library', () => {
    const { location } = renderWithApp(
      <>
        <LibrarySearch />
        <GoTo to="/settings" />
      </>,
      { route: '/books' },
    );
    type('dune');
    fireEvent.click(screen.getByRole('button', { name: 'go /settings' }));
    wait(SEARCH_DEBOUNCE_MS);
    expect(location()).toBe('/settings');
  });

  it('waits for two characters: one letter searches nothing, says why after the pause, and drops an older search', () => {
    const { location } = renderWithApp(<LibrarySearch />, { route: '/books?status=read' });
    const hint = () => screen.queryByText(SEARCH_HINT);
    type('d');
    expect(hint()).toBeNull();
    wait(SEARCH_DEBOUNCE_MS);
    expect(location()).toBe('/books?status=read');
    expect(hint()).not.toBeNull();
    expect(box().getAttribute('aria-describedby')).toBe(hint()!.id);
    type('du');
    expect(hint()).toBeNull();
    wait(SEARCH_DEBOUNCE_MS);
    expect(location()).toBe('/books?status=read&q=du');
    // Back to one letter: the box keeps it, the list no longer searches for "du" nor for "d".
    type('d');
    wait(SEARCH_DEBOUNCE_MS);
    expect(location()).toBe('/books?status=read');
    expect(box().value).toBe('d');
    type(' é ');
    fireEvent.submit(box().closest('form')!);
    expect(location()).toBe('/books?status=read');
  });

  it('elsewhere, Enter on one letter stays put and says why', () => {
    const { location } = renderWithApp(<LibrarySearch />, { route: '/dashboard' });
    type('x');
    fireEvent.submit(box().closest('form')!);
    expect(location()).toBe('/dashboard');
    expect(screen.getByRole('status').textContent).toBe(SEARCH_HINT);
    type('xy');
    fireEvent.submit(box().closest('form')!);
    expect(location()).toBe('/books?q=xy');
  });
});
