import { ImageLimits, ImageMessages, type BookImage } from '@bookshelf/contract';
import { useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { useUploadBookImage } from '../../api/book-images';
import { enhanceImage } from './compress-image';
import { overLimit, usePhotoIntake } from './use-photo-intake';

/**
 * The widget's work for a saved book (core.md §2, §5, §9): picked files go through the intake (checked, cut to
 * the book's free places, compressed) and are uploaded one by one; Enhance Quality re-draws a stored photo and
 * uploads it in its place.
 */
export function usePhotoUploads({ bookId, count, usedBytes }: { bookId: string; count: number; usedBytes: number }) {
  const upload = useUploadBookImage();
  const intake = usePhotoIntake({
    count,
    usedBytes,
    placing: 'uploading',
    place: async (photo) => (await upload.mutateAsync({ bookId, photo })).bytes,
  });
  /** Ids of stored photos being enhanced, and the problem of each that failed. */
  const [enhancing, setEnhancing] = useState<ReadonlySet<string>>(new Set());
  const [enhanceErrors, setEnhanceErrors] = useState<ReadonlyMap<string, string>>(new Map());

  async function enhance(image: BookImage) {
    setEnhancing((ids) => new Set(ids).add(image.id));
    setEnhanceErrors((errors) => new Map([...errors].filter(([id]) => id !== image.id)));
    const fail = (message: string) => setEnhanceErrors((errors) => new Map(errors).set(image.id, message));
    try {
      let enhanced: Blob;
      try {
        const res = await fetch(image.url, { credentials: 'same-origin' });
        if (!res.ok) throw new Error(`${res.status}`);
        enhanced = await enhanceImage(await res.blob());
      } catch {
        fail(ImageMessages.enhanceFailed);
        return;
      }
      const over = usedBytes - image.bytes + enhanced.size - ImageLimits.budgetBytes;
      if (over > 0) {
        fail(overLimit(over));
        return;
      }
      await upload.mutateAsync({ bookId, photo: enhanced, replace: image.id }).catch((error: unknown) => {
        fail(errorMessage(error));
      });
    } finally {
      setEnhancing((ids) => new Set([...ids].filter((id) => id !== image.id)));
    }
  }

  return { ...intake, enhance, enhancing, enhanceErrors };
}
