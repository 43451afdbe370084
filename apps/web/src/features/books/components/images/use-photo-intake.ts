import { formatImageSize, IMAGE_SNIFF_BYTES, ImageLimits, ImageMessages, imageTypeOf } from '@bookshelf/contract';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { compressImage } from './compress-image';
import { compressionTarget, fileProblem, takeRoom } from './compression-plan';

/** A picked file on its way in, shown as a tile until it has its place. */
export interface PendingPhoto {
  key: number;
  name: string;
  /** An object URL of the original, for its thumbnail. */
  preview: string;
  state: 'compressing' | 'uploading' | 'failed';
  error?: string;
}

/** A file's first bytes (FileReader: what every browser, and jsdom, can read a slice with); none if unreadable. */
function firstBytes(file: File, count: number): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => resolve(new Uint8Array(0));
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

export const overLimit = (bytes: number) => ImageMessages.overLimit(formatImageSize(bytes));

/** Gives a compressed photo its place (the server, or the form until the book exists); answers the bytes it takes. */
export type PlacePhoto = (photo: Blob, name: string) => Promise<number>;

export interface PhotoIntake {
  pending: PendingPhoto[];
  notices: string[];
  add: (files: readonly File[]) => Promise<void>;
  dismiss: (key: number) => void;
  /** Settles once every photo picked so far is placed or has failed. */
  idle: () => Promise<void>;
}

/**
 * What both modes of the widget do with picked files (core.md §2, §5, §9): each is checked (type, 50 MB),
 * they are cut to the book's free places, and each is compressed in the browser to its share of the 1024 KB
 * budget and handed to `place` in turn, shown as a tile until then. `count` and `usedBytes` are the photos
 * the book has (or will have) already.
 */
export function usePhotoIntake({
  count,
  usedBytes,
  place,
  placing,
}: {
  count: number;
  usedBytes: number;
  place: PlacePhoto;
  /** What a tile says while `place` runs: an upload, or nothing when it is instant. */
  placing: PendingPhoto['state'];
}): PhotoIntake {
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const nextKey = useRef(0);
  const previews = useRef(new Set<string>());
  const work = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const change = (key: number, patch: Partial<PendingPhoto>) =>
    setPending((items) => items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const dismiss = (key: number) =>
    setPending((items) => {
      const gone = items.find((item) => item.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return items.filter((item) => item.key !== key);
    });

  async function take(files: readonly File[]) {
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
        // Bytes that are no image at all (a text file named .jpg) say so; trying again would not help them.
        const head = await firstBytes(file, IMAGE_SNIFF_BYTES);
        const error = imageTypeOf(head) ? ImageMessages.processingFailed : ImageMessages.notAnImage(file.name);
        change(key, { state: 'failed', error });
        continue;
      }
      if (used + photo.size > ImageLimits.budgetBytes) {
        change(key, { state: 'failed', error: overLimit(used + photo.size - ImageLimits.budgetBytes) });
        continue;
      }
      change(key, { state: placing });
      try {
        used += await place(photo, file.name);
        dismiss(key);
      } catch (error) {
        change(key, { state: 'failed', error: errorMessage(error) });
      }
    }
  }

  function add(files: readonly File[]) {
    const run = take(files);
    work.current = Promise.all([work.current, run]);
    return run;
  }

  return { pending, notices, add, dismiss, idle: () => work.current.then(() => undefined) };
}
