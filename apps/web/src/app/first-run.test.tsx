import { network } from '../test/fake-network';
import { AccountPaths, BookPaths } from '@bookshelf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testMe } from '../test/render-app';

describe('the first dashboard', () => {
  it("opens Add Book over the dashboard from 'Add your first book', and focus comes back to it", async () => {
    network.answer(`GET ${BookPaths.facets}`, { total: 0, status: [], format: [], genre: [], tag: [], account: [] });
    network.answer(`GET ${AccountPaths.list}`, []);
    const { location } = renderApp({ route: '/', me: testMe });
    const start = await screen.findByRole('region', { name: 'Start your library' }, { timeout: 5_000 });
    expect(screen.getByText('Welcome, Ada Reader!')).toBeTruthy();
    const addBook = within(start).getByRole('link', { name: 'Add Book' });
    addBook.focus();
    fireEvent.click(addBook);

    const dialog = await screen.findByRole('dialog', { name: 'Add New Book' }, { timeout: 5_000 });
    expect(location()).toBe('/?add=1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/');
    await waitFor(() => expect(document.activeElement).toBe(addBook));
  });
});
