import { PhotoWidget, type WidgetPhoto } from './photo-widget';
import type { LocalPhotos } from './use-local-photos';

/**
 * The photos of a book being added (issue 13): the saved book's widget, over photos kept in the browser until
 * the book exists. Remove needs no confirmation here: nothing has been stored yet.
 */
export function NewBookPhotos({ photos }: { photos: LocalPhotos }) {
  const { progress } = photos;
  const tiles = photos.photos.map((photo, i): WidgetPhoto => ({
    key: String(photo.key),
    url: photo.url,
    alt: `Photo ${i + 1}, ${photo.name}`,
    bytes: photo.photo.size,
    onRemove: () => photos.remove(photo.key),
  }));
  return (
    <PhotoWidget
      photos={tiles}
      intake={photos.intake}
      usedBytes={photos.usedBytes}
      locked={progress !== null}
      status={progress && `Uploading photo ${progress.current} of ${progress.total}…`}
    />
  );
}
