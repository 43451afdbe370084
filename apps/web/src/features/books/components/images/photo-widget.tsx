import { IMAGE_EXTENSIONS, IMAGE_TYPES, ImageLimits, ImageMessages } from '@bookshelf/contract';
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { secondaryButton } from '../../../../components/ui/button-styles';
import { PhotoViewer } from './photo-viewer';
import { StorageBar } from './storage-bar';
import type { PendingPhoto, PhotoIntake } from './use-photo-intake';

const ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS].join(',');
export const smallButton = `${secondaryButton} !px-2 !py-1 text-xs`;

/** A photo the widget shows as a thumbnail: uploaded, a web address the book lists, or kept until the book exists. */
export interface WidgetPhoto {
  key: string;
  url: string;
  alt: string;
  /** Its size, when known (an uploaded or compressed photo; a web address has none). */
  bytes?: number | undefined;
  /** Buttons before Remove (Enhance Quality). */
  actions?: ReactNode;
  /** What went wrong with it (an enhancement that failed). */
  problem?: string | undefined;
  onRemove: () => void;
}

interface PhotoWidgetProps {
  photos: readonly WidgetPhoto[];
  intake: Pick<PhotoIntake, 'pending' | 'notices' | 'add' | 'dismiss'>;
  usedBytes: number;
  /** Nothing can be added or removed (the photos are being uploaded). */
  locked?: boolean;
  /** A line under the photos, such as the upload's progress. */
  status?: string | null | undefined;
}

/**
 * The image upload widget's look (core.md §2), for a saved book's photos and for those of a book being added:
 * drag and drop or pick, thumbnails that enlarge, Remove on each, the §8 messages, the storage-used bar, and
 * Add More Images while there is room.
 */
export function PhotoWidget({ photos, intake, usedBytes, locked = false, status }: PhotoWidgetProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const fullId = useId();

  const onTheWay = intake.pending.filter((p) => p.state !== 'failed').length;
  const room = !locked && photos.length + onTheWay < ImageLimits.maxPerBook;
  const pick = () => input.current?.click();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!locked) void intake.add([...event.dataTransfer.files]);
  };

  return (
    <div
      className={`space-y-4 rounded-lg transition-colors ${dragging ? 'bg-indigo-50 outline-2 outline-indigo-500 outline-dashed dark:bg-indigo-950/40' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(!locked);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        disabled={locked}
        aria-label="Photos to add"
        aria-describedby={hintId}
        className="sr-only"
        onChange={(event) => {
          void intake.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />

      {photos.length === 0 && intake.pending.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-gray-300 p-6 text-center text-sm text-gray-600 dark:border-gray-700 dark:text-gray-400">
          <ImagePlus aria-hidden className="size-8 text-gray-400" />
          <p>
            Drag and drop photos of your copy here, or{' '}
            <button
              type="button"
              onClick={pick}
              disabled={locked}
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
            <PhotoTile key={photo.key} photo={photo} locked={locked} onEnlarge={() => setViewing(i)} />
          ))}
          {intake.pending.map((item) => (
            <PendingTile key={item.key} item={item} onDismiss={() => intake.dismiss(item.key)} />
          ))}
        </ul>
      )}

      {intake.notices.length > 0 && (
        <div role="alert" className="space-y-1 text-sm text-red-700 dark:text-red-400">
          {intake.notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      )}

      <StorageBar usedBytes={usedBytes} />
      <p role="status" className="text-sm font-medium empty:hidden">
        {status}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {photos.length + intake.pending.length > 0 && (
          <button
            type="button"
            className={secondaryButton}
            onClick={pick}
            disabled={!room}
            aria-describedby={!room && !locked ? fullId : undefined}
          >
            <ImagePlus aria-hidden className="size-4" />
            Add More Images
          </button>
        )}
        {!room && !locked && (
          <p id={fullId} className="text-xs font-medium text-gray-700 dark:text-gray-300">
            {ImageMessages.tooMany}
          </p>
        )}
        <p id={hintId} className="text-xs text-gray-600 dark:text-gray-400">
          JPEG, PNG or WebP, under 50 MB each; up to {ImageLimits.maxPerBook} per book. Photos are compressed before
          upload.
        </p>
      </div>

      <PhotoViewer photos={photos} index={viewing} onIndexChange={setViewing} />
    </div>
  );
}

function PhotoTile({ photo, locked, onEnlarge }: { photo: WidgetPhoto; locked: boolean; onEnlarge: () => void }) {
  return (
    <li className="space-y-1.5">
      <button
        type="button"
        onClick={onEnlarge}
        aria-label={`Enlarge ${photo.alt.charAt(0).toLowerCase()}${photo.alt.slice(1)}`}
        className="block aspect-[3/4] w-full overflow-hidden rounded-md border border-gray-200 bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-gray-800 dark:bg-gray-900"
      >
        <img src={photo.url} alt={photo.alt} loading="lazy" className="size-full object-cover" />
      </button>
      {photo.bytes !== undefined && (
        <p className="text-xs text-gray-600 tabular-nums dark:text-gray-400">{Math.round(photo.bytes / 1024)} KB</p>
      )}
      <div className="flex flex-wrap gap-1">
        {photo.actions}
        <button type="button" className={smallButton} disabled={locked} onClick={photo.onRemove}>
          <Trash2 aria-hidden className="size-3.5" />
          Remove
        </button>
      </div>
      {photo.problem && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {photo.problem}
        </p>
      )}
    </li>
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
