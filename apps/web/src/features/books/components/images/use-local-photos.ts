import { ImageLimits } from '@bookshelf/contract';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { useUploadBookImage } from '../../api/book-images';
import { overLimit, usePhotoIntake, type PhotoIntake } from './use-photo-intake';

/** A compressed photo kept in the browser until its book exists. */
export interface LocalPhoto {
  key: number;
  name: string;
  photo: Blob;
  /** An object URL of the compressed photo: the thumbnail shows what will be uploaded. */
  url: string;
}

/** A photo that did not reach the new book: its place among the photos (from 1), its file name and why. */
export interface PhotoUploadFailure {
  position: number;
  name: string;
  message: string;
}

export interface LocalPhotos {
  photos: LocalPhoto[];
  usedBytes: number;
  intake: PhotoIntake;
  remove: (key: number) => void;
  /** The photo being uploaded and how many there are, while uploadTo runs. */
  progress: { current: number; total: number } | null;
  /** Uploads the photos to the book, one by one and in order; answers those that failed. */
  uploadTo: (bookId: string) => Promise<PhotoUploadFailure[]>;
}

const sizeOf = (photos: readonly LocalPhoto[]) => photos.reduce((sum, p) => sum + p.photo.size, 0);

/**
 * Photos for a book not saved yet (the Add New Book dialog): picked, checked and compressed exactly as the
 * saved book's widget does, but kept here as object URLs (revoked on Remove and when the form goes) until
 * the book is created and uploadTo sends them.
 */
export function useLocalPhotos(): LocalPhotos {
  const [photos, setPhotos] = useState<LocalPhoto[]>([]);
  const [progress, setProgress] = useState<LocalPhotos['progress']>(null);
  // The same list, current between renders: two batches compressing at once each check the budget against it.
  const kept = useRef<LocalPhoto[]>([]);
  const nextKey = useRef(0);
  const upload = useUploadBookImage();
  const keep = (next: LocalPhoto[]) => {
    kept.current = next;
    setPhotos(next);
  };

  useEffect(() => () => kept.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const intake = usePhotoIntake({
    count: photos.length,
    usedBytes: sizeOf(photos),
    placing: 'compressing',
    place: async (photo, name) => {
      const over = sizeOf(kept.current) + photo.size - ImageLimits.budgetBytes;
      if (over > 0) throw new Error(overLimit(over));
      nextKey.current += 1;
      keep([...kept.current, { key: nextKey.current, name, photo, url: URL.createObjectURL(photo) }]);
      return photo.size;
    },
  });

  function remove(key: number) {
    const gone = kept.current.find((p) => p.key === key);
    if (gone) URL.revokeObjectURL(gone.url);
    keep(kept.current.filter((p) => p.key !== key));
  }

  async function uploadTo(bookId: string): Promise<PhotoUploadFailure[]> {
    // Photos still compressing when Add Book was pressed go too.
    await intake.idle();
    const all = kept.current;
    const failures: PhotoUploadFailure[] = [];
    try {
      for (const [i, { name, photo }] of all.entries()) {
        setProgress({ current: i + 1, total: all.length });
        await upload.mutateAsync({ bookId, photo }).catch((error: unknown) => {
          failures.push({ position: i + 1, name, message: errorMessage(error) });
        });
      }
    } finally {
      setProgress(null);
    }
    return failures;
  }

  return { photos, usedBytes: sizeOf(photos), intake, remove, progress, uploadTo };
}
