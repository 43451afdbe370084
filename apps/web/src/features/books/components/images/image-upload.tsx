import {
  IMAGE_EXTENSIONS,
  IMAGE_TYPES,
  ImageLimits,
  uploadedImageId,
  type Book,
  type BookImage,
} from '@bookshelf/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { ImagePlus, Loader2, Sparkles, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { secondaryButton } from '../../../../components/ui/button-styles';
import { dangerButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { Modal } from '../../../../components/ui/modal';
import { errorMessage } from '../../../../lib/error-message';
import { toast } from '../../../../lib/toast';
import { useBookImages, useDeleteBookImage } from '../../api/book-images';
import { useUpdateBook } from '../../api/use-update-book';
import { PhotoViewer } from './photo-viewer';
import { StorageBar } from './storage-bar';
import { usePhotoUploads, type PendingPhoto } from './use-photo-uploads';

const ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS].join(',');
const smallButton = `${secondaryButton} !px-2 !py-1 text-xs`;

/** One of the book's photos: uploaded here (with its size) or a web address the book lists. */
interface Photo {
  url: string;
  alt: string;
  uploaded?: BookImage;
}

/**
 * The book's photos (core.md §2 Image upload widget): drag and drop or pick, thumbnails that enlarge, the
 * storage-used bar, Enhance Quality and Remove on each photo, and Add More Images while there is room.
 */
export function ImageUpload({ book }: { book: Book }) {
  const { data } = useBookImages(book.id);
  const stored = new Map((data?.items ?? []).map((image) => [image.url, image]));
  const photos: Photo[] = book.images.map((url, i) => ({
    url,
    alt: `Photo ${i + 1} of ${book.title}`,
    ...(stored.has(url) ? { uploaded: stored.get(url)! } : {}),
  }));
  const usedBytes = (data?.items ?? []).reduce((sum, image) => sum + image.bytes, 0);
  const uploads = usePhotoUploads({ bookId: book.id, count: book.images.length, usedBytes });
  const [viewing, setViewing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Photo | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const room = book.images.length + uploads.pending.filter((p) => p.state !== 'failed').length < ImageLimits.maxPerBook;
  const pick = () => input.current?.click();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void uploads.add([...event.dataTransfer.files]);
  };

  return (
    <div
      className={`space-y-4 rounded-lg transition-colors ${dragging ? 'bg-indigo-50 outline-2 outline-indigo-500 outline-dashed dark:bg-indigo-950/40' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        aria-label="Photos to add"
        aria-describedby={hintId}
        className="sr-only"
        onChange={(event) => {
          void uploads.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />

      {photos.length === 0 && uploads.pending.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-gray-300 p-6 text-center text-sm text-gray-600 dark:border-gray-700 dark:text-gray-400">
          <ImagePlus aria-hidden className="size-8 text-gray-400" />
          <p>
            Drag and drop photos of your copy here, or{' '}
            <button
              type="button"
              onClick={pick}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
            >
              choose photos
            </button>
            .
          </p>
        </div>
      ) : (
        <ul aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {photos.map((photo, i) => (
            <li key={photo.url} className="space-y-1.5">
              <button
                type="button"
                onClick={() => setViewing(i)}
                aria-label={`Enlarge ${photo.alt.charAt(0).toLowerCase()}${photo.alt.slice(1)}`}
                className="block aspect-[3/4] w-full overflow-hidden rounded-md border border-gray-200 bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-gray-800 dark:bg-gray-900"
              >
                <img src={photo.url} alt={photo.alt} loading="lazy" className="size-full object-cover" />
              </button>
              {photo.uploaded && (
                <p className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
                  {Math.round(photo.uploaded.bytes / 1024)} KB
                </p>
              )}
              <div className="flex flex-wrap gap-1">
                {photo.uploaded && (
                  <button
                    type="button"
                    className={smallButton}
                    disabled={uploads.enhancing.has(photo.uploaded.id)}
                    onClick={() => void uploads.enhance(photo.uploaded!)}
                  >
                    {uploads.enhancing.has(photo.uploaded.id) ? (
                      <Loader2 aria-hidden className="size-3.5 animate-spin" />
                    ) : (
                      <Sparkles aria-hidden className="size-3.5" />
                    )}
                    Enhance Quality
                  </button>
                )}
                <button type="button" className={smallButton} onClick={() => setRemoving(photo)}>
                  <Trash2 aria-hidden className="size-3.5" />
                  Remove
                </button>
              </div>
              {photo.uploaded && uploads.enhanceErrors.get(photo.uploaded.id) && (
                <p role="alert" className="text-xs text-red-700 dark:text-red-400">
                  {uploads.enhanceErrors.get(photo.uploaded.id)}
                </p>
              )}
            </li>
          ))}
          {uploads.pending.map((item) => (
            <PendingTile key={item.key} item={item} onDismiss={() => uploads.dismiss(item.key)} />
          ))}
        </ul>
      )}

      {uploads.notices.length > 0 && (
        <div role="alert" className="space-y-1 text-sm text-red-700 dark:text-red-400">
          {uploads.notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      )}

      <StorageBar usedBytes={usedBytes} />
      <div className="flex flex-wrap items-center gap-3">
        {photos.length + uploads.pending.length > 0 && (
          <button type="button" className={secondaryButton} onClick={pick} disabled={!room}>
            <ImagePlus aria-hidden className="size-4" />
            Add More Images
          </button>
        )}
        <p id={hintId} className="text-xs text-gray-600 dark:text-gray-400">
          JPEG, PNG or WebP, under 50 MB each; up to {ImageLimits.maxPerBook} per book. Photos are compressed before
          upload.
        </p>
      </div>

      <PhotoViewer photos={photos} index={viewing} onIndexChange={setViewing} />
      <RemovePhotoDialog book={book} photo={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function PendingTile({ item, onDismiss }: { item: PendingPhoto; onDismiss: () => void }) {
  const failed = item.state === 'failed';
  return (
    <li className="space-y-1.5" aria-busy={!failed}>
      <div className="relative aspect-[3/4] overflow-hidden rounded-md border border-gray-200 bg-gray-100 dark:border-gray-800 dark:bg-gray-900">
        <img
          src={item.preview}
          alt={`New photo ${item.name}`}
          className={`size-full object-cover ${failed ? '' : 'opacity-50'}`}
        />
        {!failed && (
          <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1 bg-white/85 py-1 text-xs font-medium text-gray-900 dark:bg-gray-950/85 dark:text-gray-100">
            <Loader2 aria-hidden className="size-3.5 animate-spin" />
            {item.state === 'compressing' ? 'Compressing…' : 'Uploading…'}
          </span>
        )}
      </div>
      {failed && (
        <>
          <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
            {item.error}
          </p>
          <button type="button" className={smallButton} onClick={onDismiss}>
            <Trash2 aria-hidden className="size-3.5" />
            Remove
          </button>
        </>
      )}
    </li>
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
