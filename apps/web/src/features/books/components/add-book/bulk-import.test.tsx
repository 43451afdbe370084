import { apiError, deferred, json, network } from '../../../../test/fake-network';
import type { ImportPreview, ImportStatus } from '@bookshelf/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app';
import { BulkImport } from './bulk-import';

// jsdom's File has no text(); every browser the app supports does.
if (typeof File.prototype.text !== 'function') {
  File.prototype.text = function text(this: File) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsText(this);
    });
  };
}

const ID = '6f1c1a3e-8a4b-4d3c-9a51-0c1f6f1b2a10';
const preview = (overrides: Partial<ImportPreview> = {}): ImportPreview => ({
  id: ID,
  filename: 'goodreads_library_export.csv',
  format: 'goodreads',
  formatLabel: 'Goodreads library export',
  total: 4,
  toAdd: 2,
  duplicates: 1,
  toMerge: 1,
  errorCount: 1,
  errors: [{ row: 3, message: 'Title is required.' }],
  sample: [
    { row: 1, title: 'Dune', author: 'Frank Herbert', isbn: null, status: 'read', duplicateOf: null },
    { row: 2, title: 'Emma', author: 'Jane Austen', isbn: null, status: 'wishlist', duplicateOf: 'Emma' },
  ],
  ...overrides,
});
const status = (overrides: Partial<ImportStatus> = {}): ImportStatus => ({
  id: ID,
  filename: 'goodreads_library_export.csv',
  format: 'goodreads',
  formatLabel: 'Goodreads library export',
  state: 'running',
  duplicates: 'merge',
  progress: { current: 0, total: 4 },
  summary: { added: 0, merged: 0, skipped: 0, failed: 0 },
  failures: [],
  error: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

function open(history: ImportStatus[] = []) {
  network.answer('GET /api/imports', { items: history });
  const onViewLibrary = vi.fn();
  renderWithApp(<BulkImport onViewLibrary={onViewLibrary} />);
  return { onViewLibrary };
}
const pick = (text: string, name = 'goodreads_library_export.csv') =>
  fireEvent.change(screen.getByLabelText('Library file to import'), {
    target: { files: [new File([text], name, { type: 'text/csv' })] },
  });

describe('Bulk Import', () => {
  it('previews the file, imports with the duplicate choice, shows progress and then the summary', async () => {
    network.answer('POST /api/imports', json(preview(), 201));
    network.answer('POST /api/imports/' + ID + '/start', json(status(), 202));
    const done = deferred();
    network.answer('GET /api/imports/' + ID, done.answer);
    const { onViewLibrary } = open();
    pick('Title,Author\nDune,Frank Herbert\n');

    expect(await screen.findByText('Detected: Goodreads library export')).toBeTruthy();
    expect(network.requests('POST /api/imports')[0]?.body).toEqual({
      text: 'Title,Author\nDune,Frank Herbert\n',
      filename: 'goodreads_library_export.csv',
    });
    expect(screen.getByText('Row 3: Title is required.')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Dune' })).toBeTruthy();
    // Merge is the default; the button counts the book it changes.
    expect(screen.getByLabelText<HTMLInputElement>(/^Merge/).checked).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Skip/));
    expect(screen.getByRole('button', { name: 'Import 2 books' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Merge/));
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 books, update 1' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Importing books… 0 of 4');
    expect(network.requests(`POST /api/imports/${ID}/start`)[0]?.body).toEqual({ duplicates: 'merge' });

    done.release(
      json(
        status({
          state: 'done',
          progress: { current: 4, total: 4 },
          summary: { added: 2, merged: 1, skipped: 0, failed: 1 },
          failures: [{ row: 3, message: 'Title is required.' }],
        }),
      ),
    );
    expect(await screen.findByText('Import finished')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Download the rows that failed/ }).getAttribute('href')).toBe(
      `/api/imports/${ID}/failures.csv`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View library' }));
    expect(onViewLibrary).toHaveBeenCalled();
  });

  it('counts what Merge will change when every book is already in the library (issue 27)', async () => {
    network.answer(
      'POST /api/imports',
      json(preview({ toAdd: 0, duplicates: 7, toMerge: 6, errorCount: 0, errors: [] }), 201),
    );
    open();
    pick('Title,Author\nDune,Frank Herbert\n');
    expect(await screen.findByRole('button', { name: 'Update 6 books' })).toBeTruthy();
    expect(screen.getByLabelText(/^Merge/).closest('label')?.textContent).toContain('6 books change');
    fireEvent.click(screen.getByLabelText(/^Skip/));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import 0 books' }).disabled).toBe(true);
  });

  it('shows the server’s reason for a file it cannot read, and lets another be chosen', async () => {
    network.answer(
      'POST /api/imports',
      apiError(400, 'No recognisable columns: the file needs at least Title and Author columns.', 'VALIDATION_ERROR'),
    );
    open();
    pick('Name,Price\nLamp,12\n', 'prices.csv');
    expect(await screen.findByText(/No recognisable columns/)).toBeTruthy();
    expect(screen.getByLabelText('Library file to import')).toBeTruthy();
  });

  it('refuses a file over 50 MB without sending it', async () => {
    open();
    const big = new File(['x'], 'huge.csv');
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Library file to import'), { target: { files: [big] } });
    expect(await screen.findByText('The file is larger than 50 MB.')).toBeTruthy();
    expect(network.requests('POST /api/imports')).toHaveLength(0);
  });

  it('cancels a running import and says what became of it', async () => {
    const message = 'The import was cancelled. The books added before that stay in your library.';
    network.answer('GET /api/imports/' + ID, status({ progress: { current: 2, total: 4 } }));
    network.answer(
      'POST /api/imports/' + ID + '/cancel',
      json(status({ state: 'failed', error: message, progress: { current: 2, total: 4 } }), 202),
    );
    open([status({ progress: { current: 2, total: 4 } })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(network.requests(`POST /api/imports/${ID}/cancel`)).toHaveLength(1);
  });

  it('picks up an import that is still running when it opens (after a reload)', async () => {
    network.answer('GET /api/imports/' + ID, status({ progress: { current: 2, total: 4 } }));
    open([status({ progress: { current: 2, total: 4 } })]);
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('Importing books… 2 of 4'));
  });
});
