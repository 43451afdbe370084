import { formatImageSize, ImageLimits, ImageMessages, type BookImage } from '@bookshelf/contract';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { useUploadBookImage } from '../../api/book-images';
import { compressImage, enhanceImage } from './compress-image';
import { compressionTarget, fileProblem, takeRoom } from './compression-plan';

/** A picked file on its way in, shown as a tile until the server has it. */
export interface PendingPhoto {
  key: number;
  name: string;
  /** An object URL of the original, for its thumbnail. */
  preview: string;
  state: 'compressing' | 'uploading' | 'failed';
  error?: string;
}

const overLimit = (bytes: number) => ImageMessages.overLimit(formatImageSize(bytes));

/**
 * The widget's work (core.md §2, §5, §9): picked files are checked (type, 50 MB), cut to the book's free
 * places, compressed in the browser to their share of the 1024 KB budget and uploaded one by one; Enhance
 * Quality re-draws a stored photo and uploads it in its place.
 */
export function usePhotoUploads({ bookId, count, usedBytes }: { bookId: string; count: number; usedBytes: number }) {
  const upload = useUploadBookImage();
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  /** Ids of stored photos being enhanced, and the problem of each that failed. */
  const [enhancing, setEnhancing] = useState<ReadonlySet<string>>(new Set());
  const [enhanceErrors, setEnhanceErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const nextKey = useRef(0);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const change = (key: number, patch: Partial<PendingPhoto>) =>
    setPending((items) => items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const drop = (key: number) =>
    setPending((items) => {
      const gone = items.find((item) => item.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return items.filter((item) => item.key !== key);
    });

  async function add(files: readonly File[]) {
    const problems = new Set<string>();
    const valid = files.filter((file) => {
      const problem = fileProblem(file);
      if (problem) problems.add(problem);
      return !problem;
    });
    // Failed tiles hold no place; those still on their way do.
    const existingCount = count + pending.filter((item) => item.state !== 'failed').length;
    const { taken, dropped } = takeRoom(valid, existingCount);
    if (dropped > 0) problems.add(ImageMessages.extrasDropped(dropped));
    setNotices([...problems]);
    if (taken.length === 0) return;

    const target = compressionTarget({ usedBytes, existingCount, newCount: taken.length });
    const items = taken.map((file): PendingPhoto & { file: File } => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      nextKey.current += 1;
      return { key: nextKey.current, name: file.name, preview, state: 'compressing', file };
    });
    setPending((current) => [...current, ...items.map(({ file: _file, ...item }) => item)]);

    let used = usedBytes;
    for (const { key, file } of items) {
      let photo: Blob;
      try {
        photo = await compressImage(file, target);
      } catch {
        change(key, { state: 'failed', error: ImageMessages.processingFailed });
        continue;
      }
      if (used + photo.size > ImageLimits.budgetBytes) {
        change(key, { state: 'failed', error: overLimit(used + photo.size - ImageLimits.budgetBytes) });
        continue;
      }
      change(key, { state: 'uploading' });
      try {
        const stored = await upload.mutateAsync({ bookId, photo });
        used += stored.bytes;
        drop(key);
      } catch (error) {
        change(key, { state: 'failed', error: errorMessage(error) });
      }
    }
  }

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

  return { pending, notices, add, dismiss: drop, enhance, enhancing, enhanceErrors };
}
