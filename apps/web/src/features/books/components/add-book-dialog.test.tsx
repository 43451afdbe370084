import { deferred, json, network } from '../../../test/fake-network';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast';
import { renderWithApp } from '../../../test/render-with-app';
import { AddBookDialog } from './add-book-dialog';
import { AddBookRoute } from './add-book-route';
import { sampleBook, testAccount } from './book-form/sample-book';

afterEach(() => vi.useRealTimers());

function openAt(route = '/dashboard?add=1') {
  network.answer('GET /api/accounts', [testAccount()]);
  return renderWithApp(<AddBookRoute dialog={AddBookDialog} />, { route });
}

const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AddBookRoute and AddBookDialog', () => {
  it('opens over any page at ?add=1 and closing takes the parameter away', async () => {
    const { location } = openAt('/settings?tab=profile&add=1');
    // The first test compiles the dialog's lazy chunk, which takes a while on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Add New Book' }, { timeout: 5_000 });
    expect(within(dialog).getByRole('tab', { name: 'Manual Entry' }).getAttribute('aria-selected')).toBe('true');
    // Manage Accounts comes from app/ (app/manage-accounts-slot.test.tsx); without it there is no way in.
    expect(within(dialog).queryByRole('button', { name: 'Manage accounts' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/settings?tab=profile');
  });

  it('stays closed without the parameter', () => {
    openAt('/books');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers ISBN lookup and bulk import, listing the formats it reads', async () => {
    openAt();
    await screen.findByRole('dialog', { name: 'Add New Book' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Bulk Import from CSV' }));
    const panel = screen.getByRole('region', { name: 'Bulk Import from CSV' });
    expect(panel.textContent).toContain('Goodreads export CSV');
    expect(panel.textContent).toContain('Custom CSV with Title, Author, ISBN columns');
    expect(panel.textContent).toContain('LibraryThing export');
    expect(screen.getByLabelText('Library file to import')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'ISBN Lookup' }));
    expect(screen.getByRole('search', { name: 'Look up a book by ISBN' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Barcode Scan' }));
    expect(screen.getByRole('region', { name: 'Barcode Scan' })).toBeTruthy();
  });

  it('looks up the ISBN Barcode Scan reads on the ISBN Lookup tab at once', async () => {
    network.answer('GET /api/lookup/isbn/9780439023481', {
      isbn: '9780439023481',
      title: 'The Hunger Games',
      author: 'Suzanne Collins',
      authors: ['Suzanne Collins'],
      publisher: null,
      publishedYear: 2008,
      pages: null,
      description: null,
      genre: null,
      subjects: [],
      covers: [],
      sources: ['Open Library'],
    });
    openAt();
    await screen.findByRole('dialog', { name: 'Add New Book' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Barcode Scan' }));
    // The camera and a photo lead to the same place as the typed fallback (barcode-scan.test.tsx).
    const panel = screen.getByRole('region', { name: 'Barcode Scan' });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'ISBN' }), { target: { value: '0439023483' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Look up' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'ISBN Lookup' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(await screen.findByLabelText('Title')).toHaveProperty('value', 'The Hunger Games');
    const search = screen.getByRole('search', { name: 'Look up a book by ISBN' });
    expect(within(search).getByRole('textbox', { name: 'ISBN' })).toHaveProperty('value', '9780439023481');
    expect(network.requests('GET /api/lookup/isbn/9780439023481')).toHaveLength(1);
  });

  it('creates the book, sends purchase info only when ticked, toasts with View and closes', async () => {
    const pending = deferred();
    network.answer('POST /api/books', pending.answer);
    network.answer('GET /api/books', { items: [], total: 0, limit: 50, offset: 0 });
    const { location } = openAt('/books?add=1');
    await screen.findByRole('dialog', { name: 'Add New Book' });
    set('Title', 'Dune');
    set('Author', 'Frank Herbert');
    fireEvent.click(screen.getByLabelText('This is a special edition'));
    set('Limited quantity', '500');
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeTruthy();
    const [sent] = network.requests('POST /api/books');
    expect(sent!.body).toEqual({
      title: 'Dune',
      author: 'Frank Herbert',
      format: 'physical',
      status: 'owned',
      tags: [],
      accountId: 'default-personal',
      specialEdition: {
        type: 'signed',
        customType: null,
        details: null,
        certificateOfAuthenticity: false,
        editionNumber: null,
        limitedQuantity: 500,
      },
    });
    pending.release(json({ ...sampleBook, title: 'Dune' }, 201));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/books');
    const added = getToasts().find((t) => t.title === 'Book added');
    expect(added?.action?.label).toBe('View');
    added!.action!.onClick();
    await waitFor(() => expect(location()).toBe(`/books/${sampleBook.id}`));
  });

  it('closes on Cancel and keeps nothing typed', async () => {
    openAt();
    await screen.findByRole('dialog', { name: 'Add New Book' });
    set('Title', 'Half typed');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.requests('POST /api/books')).toHaveLength(0);
  });
});
