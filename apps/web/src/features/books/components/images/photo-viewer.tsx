import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { iconButton } from '../../../../components/ui/button-styles';
import { Modal } from '../../../../components/ui/modal';

export interface ViewedPhoto {
  url: string;
  alt: string;
}

interface PhotoViewerProps {
  photos: readonly ViewedPhoto[];
  /** The photo shown; null keeps the viewer closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

/** A photo enlarged, with Previous and Next (and the arrow keys) through the book's photos; Escape closes. */
export function PhotoViewer({ photos, index, onIndexChange }: PhotoViewerProps) {
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;
  const step = (by: number) => index !== null && onIndexChange((index + by + count) % count);
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };
  return (
    <Modal open={photo !== undefined} onOpenChange={(open) => !open && onIndexChange(null)} width="3xl">
      {photo && (
        <div onKeyDown={keys} className="space-y-3">
          <Dialog.Title className="pr-8 text-lg font-semibold">
            Photo {index! + 1} of {count}
          </Dialog.Title>
          <Dialog.Description className="sr-only">{photo.alt}</Dialog.Description>
          <img
            src={photo.url}
            alt={photo.alt}
            className="mx-auto max-h-[70dvh] w-auto rounded-lg object-contain"
            decoding="async"
          />
          {count > 1 && (
            <div className="flex justify-between">
              <button type="button" className={iconButton} aria-label="Previous photo" onClick={() => step(-1)}>
                <ChevronLeft aria-hidden className="size-5" />
              </button>
              <button type="button" className={iconButton} aria-label="Next photo" onClick={() => step(1)}>
                <ChevronRight aria-hidden className="size-5" />
              </button>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
