import { network } from '../../../test/fake-network';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { useBooksReadCount } from './use-books-read-count';

function Probe() {
  return <output data-testid="read">{useBooksReadCount()}</output>;
}

describe('books read count', () => {
  it('is 0 while the facets load, then the count of books with status read', async () => {
    network.answer('GET /api/books/facets', {
      total: 9,
      status: [
        { value: 'owned', count: 5 },
        { value: 'read', count: 4 },
      ],
      format: [],
      genre: [],
      tag: [],
      account: [],
    });
    renderWithApp(<Probe />);
    expect(screen.getByTestId('read').textContent).toBe('0');
    // The fetcher loads the response schemas on the first answer, which takes a while on a busy machine.
    await screen.findByText('4', {}, { timeout: 5_000 });
    expect(network.requests('GET /api/books/facets')).toHaveLength(1);
  });

  it('is 0 when no book is read, or the facets cannot load', async () => {
    network.answer('GET /api/books/facets', {
      total: 1,
      status: [{ value: 'owned', count: 1 }],
      format: [],
      genre: [],
      tag: [],
      account: [],
    });
    renderWithApp(<Probe />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('read').textContent).toBe('0');
  });
});
