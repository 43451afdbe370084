import { json, network, noContent } from '../../../../test/fake-network';
import { BookImagePaths, ImageMessages, type Book, type BookImage } from '@bookshelf/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testBook } from '../details/test-book';
import { ImageUpload } from './image-upload';

const KB = 1024;
const book = testBook();
const image = (n: number, bytes: number): BookImage => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  url: BookImagePaths.file(book.id, `00000000-0000-4000-8000-00000000000${n}`, String(n).repeat(64)),
  bytes,
  width: 600,
  height: 800,
});

function renderWidget(images: BookImage[], extra: string[] = []) {
  const withPhotos: Book = { ...book, images: [...images.map((i) => i.url), ...extra] };
  network.answer(`GET ${BookImagePaths.list(book.id)}`, { items: images });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ImageUpload book={withPhotos} />
    </QueryClientProvider>,
  );
}

const pick = (files: File[]) => fireEvent.change(screen.getByLabelText('Photos to add'), { target: { files } });
/** A JPEG's first bytes, then zeros: an image by its bytes, which this browser stand-in cannot decode. */
const photoFile = (name: string, type = 'image/jpeg') => {
  const bytes = new Uint8Array(100);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type });
};

describe('ImageUpload', () => {
  it('offers drag and drop or a picker while the book has no photos', async () => {
    renderWidget([]);
    expect(screen.getByText(/Drag and drop photos of your copy here/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'choose photos' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Photo storage used' }).getAttribute('data-level')).toBe('green');
    expect(screen.queryByRole('button', { name: 'Add More Images' })).toBeNull();
  });

  it('shows thumbnails with their actions and the storage used, in the colour of its level', async () => {
    renderWidget([image(1, 400 * KB), image(2, 350 * KB)], ['https://example.org/front.jpg']);
    const photos = within(screen.getByRole('list', { name: 'Photos' }));
    expect(photos.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      `Photo 1 of ${book.title}`,
      `Photo 2 of ${book.title}`,
      `Photo 3 of ${book.title}`,
    ]);
    expect(await photos.findAllByRole('button', { name: 'Enhance Quality' })).toHaveLength(2);
    expect(photos.getAllByRole('button', { name: 'Remove' })).toHaveLength(3);
    expect(screen.getByText('750.0 KB of 1.0 MB (73%)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Photo storage used' }).getAttribute('data-level')).toBe('yellow');
    expect(screen.getByRole('button', { name: 'Add More Images' })).toBeTruthy();
  });

  it('turns red above 90% and says by how much the photos are over the limit', async () => {
    renderWidget([image(1, 600 * KB), image(2, 600 * KB)]);
    expect(await screen.findByText('Over limit by 176.0 KB')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Photo storage used' }).getAttribute('data-level')).toBe('red');
  });

  it('refuses other types and drops files past 5 photos, with the spec’s messages', async () => {
    renderWidget([image(1, 100 * KB), image(2, 100 * KB), image(3, 100 * KB)]);
    pick([
      photoFile('scan.gif', 'image/gif'),
      photoFile('a.jpg'),
      photoFile('b.png', 'image/png'),
      photoFile('c.webp', 'image/webp'),
    ]);
    const alert = await screen.findByText(ImageMessages.invalidType);
    expect(alert).toBeTruthy();
    expect(screen.getByText(ImageMessages.extrasDropped(1))).toBeTruthy();
    // This browser stand-in cannot decode pictures: each file taken fails as a processing error, visibly.
    await waitFor(() => expect(screen.getAllByText(ImageMessages.processingFailed)).toHaveLength(2));
    expect(network.requests(`POST ${BookImagePaths.list(book.id)}`)).toHaveLength(0);
  });

  it('says a text file named .jpg is not an image, rather than asking to try again', async () => {
    renderWidget([]);
    pick([new File(['Shopping list: eggs, milk, bread'], 'notes.jpg', { type: 'image/jpeg' })]);
    expect(await screen.findByText(ImageMessages.notAnImage('notes.jpg'))).toBeTruthy();
    expect(screen.queryByText(ImageMessages.processingFailed)).toBeNull();
    expect(network.requests(`POST ${BookImagePaths.list(book.id)}`)).toHaveLength(0);
  });

  it('disables Add More Images with the reason once the book has 5 photos', async () => {
    renderWidget([1, 2, 3, 4, 5].map((n) => image(n, 100 * KB)));
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add More Images' });
    expect(add.disabled).toBe(true);
    const reason = add.getAttribute('aria-describedby');
    expect(reason && document.getElementById(reason)?.textContent).toBe(ImageMessages.tooMany);
  });

  it('refuses an original of 50 MB or more', async () => {
    renderWidget([]);
    const huge = photoFile('huge.jpg');
    Object.defineProperty(huge, 'size', { value: 52_428_800 });
    pick([huge]);
    expect(await screen.findByText(ImageMessages.tooLarge)).toBeTruthy();
  });

  it('enlarges a photo and moves through the photos with the arrow keys', async () => {
    renderWidget([image(1, 10 * KB), image(2, 10 * KB)]);
    fireEvent.click(screen.getByRole('button', { name: `Enlarge photo 1 of ${book.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 2' });
    fireEvent.keyDown(within(dialog).getByRole('img'), { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'Photo 2 of 2' })).toBeTruthy();
  });

  it('removes an uploaded photo after asking', async () => {
    const first = image(1, 10 * KB);
    renderWidget([first]);
    network.answer(`DELETE ${BookImagePaths.one(book.id, first.id)}`, () => noContent());
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(network.requests(`DELETE ${BookImagePaths.one(book.id, first.id)}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes a web address off the book by saving the others', async () => {
    renderWidget([image(1, 10 * KB)], ['https://example.org/a.jpg', 'https://example.org/b.jpg']);
    network.answer(`PATCH /api/books/${book.id}`, (request) => json({ ...book, ...(request.body as object) }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(network.requests(`PATCH /api/books/${book.id}`)).toHaveLength(1));
    expect(network.requests(`PATCH /api/books/${book.id}`)[0]!.body).toEqual({ images: ['https://example.org/b.jpg'] });
  });
});
