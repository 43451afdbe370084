import { uploadedImageId, type Book, type BookImage } from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { dangerButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { Modal } from '../../../../components/ui/modal';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { useBookImages, useDeleteBookImage } from '../../api/book-images';
import { useUpdateBook } from '../../api/use-update-book';
import { PhotoWidget, smallButton, type WidgetPhoto } from './photo-widget';
import { usePhotoUploads } from './use-photo-uploads';

/** One of the book's photos: uploaded here (with its size) or a web address the book lists. */
interface Photo {
  url: string;
  uploaded?: BookImage;
}

/**
 * The book's photos (core.md §2 Image upload widget): the widget's look (photo-widget.tsx) over the stored
 * photos, with Enhance Quality on each uploaded one and Remove asking first.
 */
export function ImageUpload({ book }: { book: Book }) {
  const { data } = useBookImages(book.id);
  const stored = new Map((data?.items ?? []).map((image) => [image.url, image]));
  const usedBytes = (data?.items ?? []).reduce((sum, image) => sum + image.bytes, 0);
  const uploads = usePhotoUploads({ bookId: book.id, count: book.images.length, usedBytes });
  const [removing, setRemoving] = useState<Photo | null>(null);

  const photos = book.images.map((url, i): WidgetPhoto => {
    const uploaded = stored.get(url);
    return {
      key: url,
      url,
      alt: `Photo ${i + 1} of ${book.title}`,
      bytes: uploaded?.bytes,
      actions: uploaded && (
        <button
          type="button"
          className={smallButton}
          disabled={uploads.enhancing.has(uploaded.id)}
          onClick={() => void uploads.enhance(uploaded)}
        >
          {uploads.enhancing.has(uploaded.id) ? (
            <Loader2 aria-hidden className="size-3.5 animate-spin" />
          ) : (
            <Sparkles aria-hidden className="size-3.5" />
          )}
          Enhance Quality
        </button>
      ),
      problem: uploaded && uploads.enhanceErrors.get(uploaded.id),
      onRemove: () => setRemoving({ url, ...(uploaded ? { uploaded } : {}) }),
    };
  });

  return (
    <>
      <PhotoWidget photos={photos} intake={uploads} usedBytes={usedBytes} />
      <RemovePhotoDialog book={book} photo={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

/** Remove asks first: an uploaded photo's file is deleted with it, and cannot be brought back. */
function RemovePhotoDialog({ book, photo, onClose }: { book: Book; photo: Photo | null; onClose: () => void }) {
  const remove = useDeleteBookImage();
  const update = useUpdateBook();
  const busy = remove.isPending || update.isPending;
  const confirm = () => {
    if (!photo) return;
    const done = {
      onSuccess: onClose,
      onError: (error: unknown) => toast.error('Could not remove the photo', errorMessage(error)),
    };
    const imageId = uploadedImageId(photo.url, book.id);
    if (imageId) remove.mutate({ bookId: book.id, imageId }, done);
    // A web address the book lists: PATCH the others back (the server keeps the uploaded ones).
    else
      update.mutate(
        {
          id: book.id,
          changes: { images: book.images.filter((url) => url !== photo.url && !uploadedImageId(url, book.id)) },
        },
        done,
      );
  };
  return (
    <Modal open={photo !== null} onOpenChange={(open) => !open && onClose()} width="md" closeButton={false}>
      <Dialog.Title className="text-lg font-semibold">Remove this photo?</Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">
        {photo?.uploaded ? 'The photo is deleted and frees its storage.' : 'The address is taken off the book.'}
      </Dialog.Description>
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close className={secondaryButtonClass} disabled={busy}>
          Cancel
        </Dialog.Close>
        <button type="button" className={dangerButtonClass} disabled={busy} onClick={confirm}>
          {busy ? 'Removing...' : 'Remove'}
        </button>
      </div>
    </Modal>
  );
}
