import { apiError, deferred, json, network } from '../../../../test/fake-network';
import { LookupMessages, type IsbnLookup } from '@bookshelf/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app';
import { testAccount } from '../book-form/sample-book';
import { IsbnLookupPanel } from './isbn-lookup';

const COVER = `/api/covers/${'a'.repeat(64)}`;
const found = (overrides: Partial<IsbnLookup> = {}): IsbnLookup => ({
  isbn: '9780439023481',
  title: 'The Hunger Games',
  author: 'Suzanne Collins',
  authors: ['Suzanne Collins'],
  publisher: 'Scholastic Press',
  publishedYear: 2008,
  pages: 374,
  description: 'Winning will make you famous.',
  genre: 'Juvenile Fiction',
  subjects: ['Juvenile Fiction'],
  covers: [{ source: 'Open Library', url: COVER, width: 300, height: 450 }],
  sources: ['Open Library', 'Google Books'],
  ...overrides,
});

function open(props: Partial<Parameters<typeof IsbnLookupPanel>[0]> = {}) {
  network.answer('GET /api/accounts', [testAccount()]);
  const onSave = vi.fn(async () => undefined);
  const onEnterManually = vi.fn();
  renderWithApp(
    <IsbnLookupPanel onSave={onSave} onCancel={() => undefined} onEnterManually={onEnterManually} {...props} />,
  );
  return { onSave, onEnterManually };
}
const isbnBox = () => screen.getByRole('textbox', { name: 'ISBN' });
const searchButton = () => screen.getByRole('button', { name: /Search/ });

describe('ISBN Lookup', () => {
  it('keeps Search disabled while the field is empty or a search runs, then prefills the form for review', async () => {
    const pending = deferred();
    network.answer('GET /api/lookup/isbn/9780439023481', pending.answer);
    const { onSave } = open();
    expect(searchButton()).toHaveProperty('disabled', true);
    fireEvent.change(isbnBox(), { target: { value: '978-0-439-02348-1' } });
    expect(searchButton()).toHaveProperty('disabled', false);
    fireEvent.click(searchButton());
    await waitFor(() => expect(screen.getByRole('button', { name: /Searching/ })).toHaveProperty('disabled', true));
    pending.release(json(found()));

    expect(await screen.findByLabelText('Title')).toHaveProperty('value', 'The Hunger Games');
    expect(screen.getByLabelText('Author')).toHaveProperty('value', 'Suzanne Collins');
    expect(screen.getByLabelText('Publisher')).toHaveProperty('value', 'Scholastic Press');
    expect(screen.getByLabelText('Pages')).toHaveProperty('value', '374');
    expect(screen.getByLabelText('Cover URL')).toHaveProperty('value', COVER);
    expect(screen.getByRole('img', { name: 'Cover from Open Library' }).getAttribute('src')).toBe(COVER);

    // Choosing no cover empties Cover URL; nothing is saved until Add Book.
    fireEvent.click(screen.getByLabelText('No cover'));
    await waitFor(() => expect(screen.getByLabelText('Cover URL')).toHaveProperty('value', ''));
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]).toMatchObject([{ title: 'The Hunger Games', isbn: '9780439023481', coverUrl: '' }]);
  });

  it('says what is wrong with a mistyped ISBN without asking the server', async () => {
    open();
    fireEvent.change(isbnBox(), { target: { value: '9780439023482' } });
    fireEvent.click(searchButton());
    expect(await screen.findByText('ISBN must be a valid ISBN-10 or ISBN-13.')).toBeTruthy();
    expect(isbnBox().getAttribute('aria-invalid')).toBe('true');
    expect(network.requests().filter((r) => r.path.startsWith('/api/lookup'))).toHaveLength(0);
  });

  it('warns when no cover was found and offers places to look by hand', async () => {
    network.answer('GET /api/lookup/isbn/9780140328721', found({ isbn: '9780140328721', covers: [] }));
    open();
    fireEvent.change(isbnBox(), { target: { value: '9780140328721' } });
    fireEvent.click(searchButton());
    expect(await screen.findByText(LookupMessages.noCovers)).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.length).toBe(5);
    const search = screen.getByRole('link', { name: /Search the web/ }).getAttribute('href') ?? '';
    expect(decodeURIComponent(search)).toContain('The Hunger Games Suzanne Collins book cover');
  });

  it('shows the server’s message for an unknown ISBN or a service that is down, with a way to type it in', async () => {
    network.answer('GET /api/lookup/isbn/9780306406157', apiError(404, LookupMessages.notFound, 'NOT_FOUND'));
    const { onEnterManually } = open();
    fireEvent.change(isbnBox(), { target: { value: '9780306406157' } });
    fireEvent.click(searchButton());
    expect(await screen.findByText(LookupMessages.notFound)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter the details by hand' }));
    expect(onEnterManually).toHaveBeenCalledWith('9780306406157');

    network.answer('GET /api/lookup/isbn/9780306406157', apiError(502, LookupMessages.unavailable, 'UPSTREAM_FAILED'));
    fireEvent.click(searchButton());
    expect(await screen.findByText(LookupMessages.unavailable)).toBeTruthy();
  });

  it('looks up an ISBN it was opened with (a scanned barcode) at once', async () => {
    network.answer('GET /api/lookup/isbn/9780439023481', found());
    open({ initialIsbn: '9780439023481' });
    expect(await screen.findByLabelText('Title')).toHaveProperty('value', 'The Hunger Games');
    expect(network.requests('GET /api/lookup/isbn/9780439023481')).toHaveLength(1);
  });
});
