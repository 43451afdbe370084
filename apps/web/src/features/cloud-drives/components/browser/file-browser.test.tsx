import { apiError, deferred, json, network } from '../../../../test/fake-network';
import { CloudDrivePaths, type CloudFile } from '@bookshelf/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../../lib/toast';
import { renderWithApp } from '../../../../test/render-with-app';
import { FileCache } from '../../lib/file-cache';
import { setFileCacheForTests } from '../../lib/file-cache-instance';
import { createMemoryStore } from '../../lib/file-cache-memory';
import { FileBrowser } from './file-browser';

const DRIVE = '00000000-0000-4000-8000-0000000000a1';
const LOCAL = '00000000-0000-4000-8000-0000000000b2';

const file = (n: number, over: Partial<CloudFile> = {}): CloudFile => ({
  id: `google_${n}`,
  connectionId: DRIVE,
  externalId: `ext-${n}`,
  name: `File ${n}.pdf`,
  fileType: 'pdf',
  size: n * 1024,
  modifiedAt: `2026-01-0${n}T00:00:00.000Z`,
  thumbnailUrl: null,
  downloadUrl: `/api/cloud-drives/files/google_${n}/content`,
  parentFolder: null,
  isDeleted: false,
  syncedAt: '2026-01-10T00:00:00.000Z',
  driveName: 'Ada Drive',
  provider: 'google',
  isFavorite: false,
  tags: [],
  bookId: null,
  ...over,
});

const library = [
  file(1, { name: 'Alpha.pdf', size: 3000, tags: ['sci-fi', 'classic', 'space'], parentFolder: 'Novels' }),
  file(2, { name: 'Beta.epub', fileType: 'epub', size: 1000, isFavorite: true, parentFolder: 'Novels/Old' }),
  file(3, { name: 'Gamma.txt', fileType: 'txt', size: 2000, tags: ['notes'] }),
  file(4, {
    name: 'Delta.mobi',
    fileType: 'mobi',
    size: 500,
    connectionId: LOCAL,
    driveName: 'Library',
    provider: 'local',
    parentFolder: 'Comics',
  }),
];

function renderBrowser(files: CloudFile[] = library, props: Parameters<typeof FileBrowser>[0] = {}) {
  network.answer(`GET ${CloudDrivePaths.files}`, files);
  return renderWithApp(<FileBrowser {...props} />);
}

/** A card's file name: its first paragraph (the card is named by all it shows). */
const nameOf = (cell: HTMLElement) => cell.querySelector('p')?.textContent ?? null;
const names = () => screen.getAllByRole('gridcell').map(nameOf);
const card = (name: string) => {
  const found = screen.getAllByRole('gridcell').find((cell) => nameOf(cell) === name);
  if (!found) throw new Error(`No card for ${name}`);
  return found;
};
const toastTitles = () => getToasts().map((t) => t.title);
const path = (template: string, id: string) => template.replace('{id}', id);

beforeEach(() => {
  localStorage.clear();
  setFileCacheForTests(new FileCache(createMemoryStore()));
});
afterEach(() => setFileCacheForTests(null));

describe('FileBrowser filters, sort and count line', () => {
  it('lists every file by name with the count line, size, type and time labels', async () => {
    renderBrowser();
    expect(await screen.findByText('4 files')).toBeTruthy();
    expect(names()).toEqual(['Alpha.pdf', 'Beta.epub', 'Delta.mobi', 'Gamma.txt']);
    const alpha = card('Alpha.pdf');
    expect(within(alpha).getByText('2.9 KB')).toBeTruthy();
    expect(within(alpha).getByText('PDF')).toBeTruthy();
    expect(within(alpha).getByText(/days? ago$/)).toBeTruthy();
    // Two tags on a grid card, the rest as +n.
    expect(
      within(within(alpha).getByRole('list', { name: 'Tags of Alpha.pdf' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(within(alpha).getByText('+1')).toBeTruthy();
  });

  it('filters by search, type, tag and favorites, and says so when nothing matches', async () => {
    renderBrowser();
    await screen.findByText('4 files');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search files' }), { target: { value: 'ALP' } });
    await waitFor(() => expect(names()).toEqual(['Alpha.pdf']));
    expect(screen.getByText('1 file')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search files' }), { target: { value: '' } });

    fireEvent.change(screen.getByRole('combobox', { name: 'File type' }), { target: { value: 'txt' } });
    await waitFor(() => expect(names()).toEqual(['Gamma.txt']));
    fireEvent.change(screen.getByRole('combobox', { name: 'File type' }), { target: { value: 'all' } });

    const tagSelect = screen.getByRole('combobox', { name: 'Tag' });
    expect(
      within(tagSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Tags', 'classic', 'notes', 'sci-fi', 'space']);
    fireEvent.change(tagSelect, { target: { value: 'notes' } });
    expect(names()).toEqual(['Gamma.txt']);
    fireEvent.change(tagSelect, { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: 'Favorites only' }));
    expect(names()).toEqual(['Beta.epub']);
    fireEvent.change(screen.getByRole('combobox', { name: 'File type' }), { target: { value: 'pdf' } });
    expect(screen.getByRole('heading', { name: 'No files found' })).toBeTruthy();
    expect(screen.getByText('No files match your filters')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search or filters')).toBeTruthy();
    expect(screen.getByText('0 files')).toBeTruthy();
  });

  it('sorts by size, date and favorite in either direction', async () => {
    renderBrowser();
    await screen.findByText('4 files');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Name', 'Date', 'Size', 'Favorite']);
    fireEvent.change(sort, { target: { value: 'size' } });
    expect(names()).toEqual(['Delta.mobi', 'Beta.epub', 'Gamma.txt', 'Alpha.pdf']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort ascending' }));
    expect(names()).toEqual(['Alpha.pdf', 'Gamma.txt', 'Beta.epub', 'Delta.mobi']);
    fireEvent.change(sort, { target: { value: 'date' } });
    expect(names()).toEqual(['Delta.mobi', 'Gamma.txt', 'Beta.epub', 'Alpha.pdf']);
    fireEvent.change(sort, { target: { value: 'favorite' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sort descending' }));
    expect(names()[0]).toBe('Beta.epub');
  });

  it('narrows to one drive with its name in the count line, from the select or on arrival', async () => {
    renderBrowser(library, { initialConnectionId: LOCAL });
    expect(await screen.findByText('1 file from Library')).toBeTruthy();
    const drive = screen.getByRole('combobox', { name: 'Drive' });
    expect(
      within(drive)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Drives', 'Ada Drive (Google Drive)', 'Library (Local)']);
    fireEvent.change(drive, { target: { value: DRIVE } });
    expect(screen.getByText('3 files from Ada Drive')).toBeTruthy();
    fireEvent.change(drive, { target: { value: '' } });
    expect(screen.getByText('4 files')).toBeTruthy();
  });

  it('says when the drive has no files at all', async () => {
    renderBrowser([]);
    expect(await screen.findByText('No files available in the selected drive')).toBeTruthy();
  });
});

describe('FileBrowser folders view', () => {
  it('shows Root and the folder tree, narrows to a folder and clears it', async () => {
    renderBrowser();
    await screen.findByText('4 files');
    fireEvent.click(screen.getByRole('button', { name: 'Folders view' }));
    const tree = screen.getByRole('navigation', { name: 'Folders' });
    expect(within(tree).getByRole('button', { name: /Root/ }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(tree).getByRole('button', { name: /^Novels/ }));
    expect(screen.getByText('2 files in "Novels"')).toBeTruthy();
    expect(names()).toEqual(['Alpha.pdf', 'Beta.epub']);
    fireEvent.click(within(tree).getByRole('button', { name: /^Old/ }));
    expect(screen.getByText('1 file in "Novels/Old"')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Favorites only' }));
    fireEvent.click(within(tree).getByRole('button', { name: /^Comics/ }));
    expect(screen.getByText('No files match your filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Favorites only' }));

    fireEvent.click(screen.getByRole('button', { name: 'Clear folder filter' }));
    expect(screen.getByText('4 files')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear folder filter' })).toBeNull();
  });
});

describe('FileBrowser selection', () => {
  it('selects on click, toggles on ctrl/meta click, opens on double click', async () => {
    const onOpenFile = vi.fn();
    renderBrowser(library, { onOpenFile });
    await screen.findByText('4 files');
    fireEvent.click(card('Alpha.pdf'));
    expect(card('Alpha.pdf').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('1 file selected')).toBeTruthy();
    fireEvent.click(card('Beta.epub'), { ctrlKey: true });
    fireEvent.click(card('Gamma.txt'), { metaKey: true });
    expect(screen.getByText('3 files selected')).toBeTruthy();
    fireEvent.click(card('Beta.epub'), { ctrlKey: true });
    expect(screen.getByText('2 files selected')).toBeTruthy();
    fireEvent.click(card('Delta.mobi'));
    expect(screen.getByText('1 file selected')).toBeTruthy();
    fireEvent.doubleClick(card('Gamma.txt'));
    expect(onOpenFile).toHaveBeenCalledWith(expect.objectContaining({ id: 'google_3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected files' })).toBeNull();
  });

  it('multi-selects with each card’s checkbox, no Ctrl needed (touch), without opening or re-selecting one', async () => {
    const onOpenFile = vi.fn();
    renderBrowser(library, { onOpenFile });
    await screen.findByText('4 files');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Alpha.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Gamma.txt' }));
    expect(screen.getByText('2 files selected')).toBeTruthy();
    expect(card('Alpha.pdf').getAttribute('aria-selected')).toBe('true');
    expect(card('Gamma.txt').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Gamma.txt' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Alpha.pdf' }));
    expect(screen.getByText('1 file selected')).toBeTruthy();
    expect(onOpenFile).not.toHaveBeenCalled();
  });

  it('opens with Enter, toggles with Space and moves with the arrows', async () => {
    const onOpenFile = vi.fn();
    renderBrowser(library, { onOpenFile });
    await screen.findByText('4 files');
    const first = card('Alpha.pdf');
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(card('Beta.epub'));
    fireEvent.keyDown(card('Beta.epub'), { key: ' ' });
    expect(screen.getByText('1 file selected')).toBeTruthy();
    fireEvent.keyDown(card('Beta.epub'), { key: 'Enter' });
    expect(onOpenFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'Beta.epub' }));
    fireEvent.keyDown(card('Beta.epub'), { key: 'End' });
    expect(document.activeElement).toBe(card('Gamma.txt'));
  });

  it('favourites the selection in bulk, toasts and clears the selection', async () => {
    renderBrowser();
    network.answer(`POST ${CloudDrivePaths.bulkFavorite}`, { count: 2 });
    await screen.findByText('4 files');
    fireEvent.click(card('Alpha.pdf'));
    fireEvent.click(card('Gamma.txt'), { ctrlKey: true });
    // What the list holds once the server has saved it (the bulk change refetches the list).
    network.answer(
      `GET ${CloudDrivePaths.files}`,
      library.map((f) => (['google_1', 'google_3'].includes(f.id) ? { ...f, isFavorite: true } : f)),
    );
    const bar = screen.getByRole('region', { name: 'Selected files' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Favorite' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected files' })).toBeNull());
    expect(network.requests(`POST ${CloudDrivePaths.bulkFavorite}`)[0]!.body).toEqual({
      fileIds: ['google_1', 'google_3'],
    });
    expect(toastTitles()).toContain('Files favorited');
    expect(within(card('Alpha.pdf')).getByRole('button', { name: 'Remove Alpha.pdf from favorites' })).toBeTruthy();
  });

  it('unfavourites in bulk and keeps the selection when it fails', async () => {
    renderBrowser();
    network.answer(`POST ${CloudDrivePaths.bulkUnfavorite}`, apiError(500, 'Boom'));
    await screen.findByText('4 files');
    fireEvent.click(card('Beta.epub'));
    fireEvent.click(screen.getByRole('button', { name: 'Unfavorite' }));
    await waitFor(() => expect(toastTitles()).toContain('Failed to unfavorite files'));
    expect(within(card('Beta.epub')).getByRole('button', { name: 'Remove Beta.epub from favorites' })).toBeTruthy();
    expect(screen.getByText('1 file selected')).toBeTruthy();
  });

  it('adds a trimmed tag to the selection from the Add Tag dialog', async () => {
    renderBrowser();
    network.answer(`POST ${CloudDrivePaths.bulkTags}`, { count: 2 });
    await screen.findByText('4 files');
    fireEvent.click(card('Beta.epub'));
    fireEvent.click(card('Delta.mobi'), { ctrlKey: true });
    network.answer(
      `GET ${CloudDrivePaths.files}`,
      library.map((f) => (['google_2', 'google_4'].includes(f.id) ? { ...f, tags: [...f.tags, 'to read'] } : f)),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tag to Selected Files' });
    const input = within(dialog).getByPlaceholderText('Enter tag name...');
    const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add Tag' });
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(add.disabled).toBe(true);
    fireEvent.submit(input.closest('form')!);
    expect(network.requests(`POST ${CloudDrivePaths.bulkTags}`)).toHaveLength(0);
    fireEvent.change(input, { target: { value: '  to read  ' } });
    expect(add.disabled).toBe(false);
    // Enter in the field submits the form.
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(network.requests(`POST ${CloudDrivePaths.bulkTags}`)).toHaveLength(1));
    expect(network.requests(`POST ${CloudDrivePaths.bulkTags}`)[0]!.body).toEqual({
      fileIds: ['google_2', 'google_4'],
      tag: 'to read',
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected files' })).toBeNull());
    expect(toastTitles()).toContain('Tag added');
    expect(within(card('Beta.epub')).getByText('to read')).toBeTruthy();
  });

  it('closes the Add Tag dialog with Cancel', async () => {
    renderBrowser();
    await screen.findByText('4 files');
    fireEvent.click(card('Beta.epub'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tag to Selected Files' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('1 file selected')).toBeTruthy();
  });
});

describe('FileBrowser favourites and tags on one file', () => {
  it('stars a file at once and puts it back with a toast when the server refuses', async () => {
    renderBrowser();
    const answer = deferred();
    network.answer(`POST ${path(CloudDrivePaths.favorite, 'google_1')}`, answer.answer);
    await screen.findByText('4 files');
    fireEvent.click(within(card('Alpha.pdf')).getByRole('button', { name: 'Add Alpha.pdf to favorites' }));
    const star = await within(card('Alpha.pdf')).findByRole('button', { name: 'Remove Alpha.pdf from favorites' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(card('Alpha.pdf').getAttribute('aria-selected')).toBe('false'); // the star does not select
    await act(async () => answer.release(apiError(500, 'Boom')));
    await within(card('Alpha.pdf')).findByRole('button', { name: 'Add Alpha.pdf to favorites' });
    expect(toastTitles()).toContain('Failed to favorite file');
  });

  it('unstars a file and says so', async () => {
    renderBrowser();
    network.answer(`DELETE ${path(CloudDrivePaths.favorite, 'google_2')}`, {
      id: 'google_2',
      isFavorite: false,
      tags: [],
    });
    await screen.findByText('4 files');
    fireEvent.click(within(card('Beta.epub')).getByRole('button', { name: 'Remove Beta.epub from favorites' }));
    await waitFor(() => expect(toastTitles()).toContain('Removed from favorites'));
    expect(within(card('Beta.epub')).getByRole('button', { name: 'Add Beta.epub to favorites' })).toBeTruthy();
  });

  it('removes a tag from one file, and restores it when that fails', async () => {
    renderBrowser();
    network.answer(`DELETE /api/cloud-drives/files/google_3/tags/notes`, apiError(500, 'Boom'));
    await screen.findByText('4 files');
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag notes from Gamma.txt' }));
    await waitFor(() => expect(toastTitles()).toContain('Failed to remove tag'));
    expect(within(card('Gamma.txt')).getByText('notes')).toBeTruthy();
    expect(network.requests('DELETE /api/cloud-drives/files/google_3/tags/notes')).toHaveLength(1);
  });
});

describe('FileBrowser list view', () => {
  it('shows the table with Root for files outside folders, 3 tags, and select-all', async () => {
    renderBrowser();
    await screen.findByText('4 files');
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    const table = screen.getByRole('grid', { name: 'Files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Name', 'Type', 'Size', 'Tags', 'Folder', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Novels')).toBeTruthy();
    expect(within(rows[3]!).getByText('Root')).toBeTruthy();
    expect(
      within(within(rows[0]!).getByRole('list', { name: 'Tags of Alpha.pdf' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select all files' }));
    expect(screen.getByText('4 files selected')).toBeTruthy();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Alpha.pdf' }));
    expect(screen.getByText('3 files selected')).toBeTruthy();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select all files' }));
    expect(screen.getByText('4 files selected')).toBeTruthy();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select all files' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });
});

describe('FileBrowser opening a file', () => {
  it('downloads it through the cache, fetching it only once, and offers a plain Download link', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (created.push(b), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderBrowser();
      network.answer(
        `GET ${path(CloudDrivePaths.content, 'google_3')}`,
        () => new Response('hello world', { headers: { 'content-type': 'text/plain' } }),
      );
      await screen.findByText('4 files');
      expect(within(card('Gamma.txt')).getByRole('link', { name: 'Download Gamma.txt' }).getAttribute('href')).toBe(
        '/api/cloud-drives/files/google_3/content?download=1',
      );
      fireEvent.doubleClick(card('Gamma.txt'));
      await waitFor(() => expect(created).toHaveLength(1));
      expect(created[0]!.size).toBe('hello world'.length);
      expect(created[0]!.type).toBe('text/plain');
      expect(click).toHaveBeenCalledOnce();
      await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
      fireEvent.doubleClick(card('Gamma.txt'));
      await waitFor(() => expect(created).toHaveLength(2));
      expect(network.requests(`GET ${path(CloudDrivePaths.content, 'google_3')}`)).toHaveLength(1);
    } finally {
      click.mockRestore();
    }
  });

  it('toasts Failed to open file when the download fails', async () => {
    renderBrowser();
    network.answer(
      `GET ${path(CloudDrivePaths.content, 'google_1')}`,
      json({ error: { code: 'X', message: 'Gone' } }, 502),
    );
    await screen.findByText('4 files');
    fireEvent.doubleClick(card('Alpha.pdf'));
    await waitFor(() => expect(getToasts().some((t) => t.title === 'Failed to open file')).toBe(true));
    expect(getToasts().find((t) => t.title === 'Failed to open file')?.message).toBe('Failed to download file: Gone');
  });

  it('shows a loading state first', async () => {
    const answer = deferred();
    network.answer(`GET ${CloudDrivePaths.files}`, answer.answer);
    renderWithApp(<FileBrowser />);
    expect(screen.getByText('Loading files…')).toBeTruthy();
    await act(async () => answer.release(json(library)));
    expect(await screen.findByText('4 files')).toBeTruthy();
  });
});
