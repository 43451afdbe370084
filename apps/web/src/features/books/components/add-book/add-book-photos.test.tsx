import { apiError, deferred, json, network } from '../../../../test/fake-network';
import { BookImagePaths, ImageMessages, type BookImage } from '@bookshelf/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../../lib/toast';
import { renderWithApp } from '../../../../test/render-with-app';
import { AddBookDialog } from '../add-book-dialog';
import { AddBookRoute } from '../add-book-route';
import { sampleBook, testAccount } from '../book-form/sample-book';
import { installFakeImagePlatform } from '../images/fake-image-platform';

// The sizes of the photos the dialog sends, in the order it sends them (the fake network sees no multipart body).
const sentSizes: number[] = [];
const fakeFetch = globalThis.fetch;
vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
  if (init?.body instanceof FormData) sentSizes.push((init.body.get('file') as Blob).size);
  return fakeFetch(input, init);
});

let platform: ReturnType<typeof installFakeImagePlatform>;
beforeEach(() => {
  sentSizes.length = 0;
  platform = installFakeImagePlatform();
});
afterEach(() => platform.uninstall());

const UPLOADS = `POST ${BookImagePaths.list(sampleBook.id)}`;
/** A picture file whose compressed size the fake canvas makes known: `side` × 1.5 `side` pixels. */
const photoFile = (name: string, side: number) => new File([new Uint8Array(side)], name, { type: 'image/jpeg' });
/** What the fake canvas writes for such a file at the first quality tried (0.8). */
const compressed = (side: number) => Math.round((side * Math.round(side * 1.5) * 0.8) / 10);
const stored = (n: number, bytes: number): BookImage => {
  const id = `00000000-0000-4000-8000-00000000000${n}`;
  return { id, url: BookImagePaths.file(sampleBook.id, id, String(n).repeat(64)), bytes, width: 300, height: 450 };
};

async function openWithBook() {
  network.answer('GET /api/accounts', [testAccount()]);
  network.answer('GET /api/books', { items: [], total: 0, limit: 50, offset: 0 });
  network.answer('POST /api/books', () => json(sampleBook, 201));
  const app = renderWithApp(<AddBookRoute dialog={AddBookDialog} />, { route: '/books?add=1' });
  const dialog = await screen.findByRole('dialog', { name: 'Add New Book' }, { timeout: 5_000 });
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Dune' } });
  fireEvent.change(within(dialog).getByLabelText('Author'), { target: { value: 'Frank Herbert' } });
  return { ...app, dialog };
}

const pick = (files: File[]) => fireEvent.change(screen.getByLabelText('Photos to add'), { target: { files } });
const photosList = () => within(screen.getByRole('list', { name: 'Photos' }));

describe('Photos in the Add New Book dialog', () => {
  it('keeps the picked photos compressed, then uploads them in order once the book is created', async () => {
    const { location } = await openWithBook();
    pick([photoFile('front.jpg', 300), photoFile('spine.jpg', 500)]);
    await waitFor(() => expect(photosList().getAllByRole('img', { name: /^Photo \d, / })).toHaveLength(2));
    expect(photosList().getByText(`${Math.round(compressed(300) / 1024)} KB`)).toBeTruthy();
    expect(screen.getByText(/ of 1\.0 MB \(4%\)$/)).toBeTruthy();
    // Nothing leaves the browser before the book exists.
    expect(network.requests(UPLOADS)).toHaveLength(0);

    const first = deferred();
    let answered = 0;
    network.answer(UPLOADS, () => {
      answered += 1;
      return answered === 1 ? first.answer() : json(stored(2, compressed(500)), 201);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(await screen.findByText('Uploading photo 1 of 2…')).toBeTruthy();
    expect(network.requests('POST /api/books')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add New Book' })).toBeTruthy();
    first.release(json(stored(1, compressed(300)), 201));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentSizes).toEqual([compressed(300), compressed(500)]);
    expect(getToasts().at(-1)).toMatchObject({ type: 'success', title: 'Book added', message: 'Dune' });
    expect(location()).toBe('/books');
    // The thumbnails' object URLs went with the dialog.
    expect(platform.live()).toEqual([]);
  });

  it('keeps the book when a photo fails to upload, and says which one and where to add it again', async () => {
    const { location } = await openWithBook();
    pick([photoFile('front.jpg', 300), photoFile('back.jpg', 400)]);
    await waitFor(() => expect(photosList().getAllByRole('img', { name: /^Photo \d, / })).toHaveLength(2));
    let answered = 0;
    network.answer(UPLOADS, () => {
      answered += 1;
      return answered === 1 ? json(stored(1, compressed(300)), 201) : apiError(400, ImageMessages.processingFailed);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(network.requests('POST /api/books')).toHaveLength(1);
    expect(network.requests(UPLOADS)).toHaveLength(2);
    const told = getToasts().at(-1)!;
    expect(told).toMatchObject({ type: 'error', title: 'Book added, but a photo was not uploaded' });
    expect(told.message).toContain(`Photo 2 (back.jpg): ${ImageMessages.processingFailed}`);
    expect(told.message).not.toContain('front.jpg');
    expect(told.action?.label).toBe('Open book');
    told.action!.onClick();
    await waitFor(() => expect(location()).toBe(`/books/${sampleBook.id}`));
  });

  it('takes 5 photos at most and says how many files were left out', async () => {
    await openWithBook();
    pick(['a', 'b', 'c', 'd'].map((name, i) => photoFile(`${name}.jpg`, 100 + i)));
    await waitFor(() => expect(photosList().getAllByRole('img', { name: /^Photo \d, / })).toHaveLength(4));
    pick([photoFile('e.jpg', 200), photoFile('f.jpg', 201)]);
    expect(await screen.findByText(ImageMessages.extrasDropped(1))).toBeTruthy();
    await waitFor(() => expect(photosList().getAllByRole('img', { name: /^Photo \d, / })).toHaveLength(5));
    expect(photosList().getByRole('img', { name: 'Photo 5, e.jpg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add More Images' })).toHaveProperty('disabled', true);

    // Remove gives a place back and lets its object URL go.
    const before = platform.live().length;
    fireEvent.click(photosList().getAllByRole('button', { name: 'Remove' })[0]!);
    await waitFor(() => expect(photosList().getAllByRole('img', { name: /^Photo \d, / })).toHaveLength(4));
    expect(platform.live()).toHaveLength(before - 1);
    expect(screen.getByRole('button', { name: 'Add More Images' })).toHaveProperty('disabled', false);
  });
});
