import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useOriginBack, withOrigin } from './use-origin';

afterEach(cleanup);

function Details() {
  const { backPath, backLabel } = useOriginBack();
  return <p data-testid="back">{`${backLabel} → ${backPath}`}</p>;
}

function Wishlist() {
  const { pathname, search } = useLocation();
  return (
    <Link to="/books/42" state={withOrigin(pathname + search, 'Wishlist')}>
      Open book
    </Link>
  );
}

function renderAt(entry: InitialEntry) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/wishlist" element={<Wishlist />} />
        <Route path="/books/:id" element={<Details />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('origin and back', () => {
  it('passes the origin page along, so Back returns there with its name', () => {
    renderAt('/wishlist?sort=price');
    fireEvent.click(screen.getByRole('link', { name: 'Open book' }));
    expect(screen.getByTestId('back').textContent).toBe('Wishlist → /wishlist?sort=price');
  });

  it('defaults to the library when the page was opened directly', () => {
    renderAt('/books/42');
    expect(screen.getByTestId('back').textContent).toBe('Library → /books');
  });

  it.each([
    { originPath: 'https://evil.example', originName: 'Evil' },
    { originPath: '//evil.example/x', originName: 'Evil' },
    { originPath: '/wishlist', originName: '' },
    { originPath: 42, originName: 'Wishlist' },
  ])('ignores state that is not an in-app origin: %o', (state) => {
    renderAt({ pathname: '/books/42', state });
    expect(screen.getByTestId('back').textContent).toBe('Library → /books');
  });
});
