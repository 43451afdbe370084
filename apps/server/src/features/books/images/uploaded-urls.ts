import { ImageLimits, ImageMessages, uploadedImageId } from '@bookshelf/contract';
import { invalidField } from '../../../platform/errors.js';

/**
 * The `images` a change of the book writes. A PATCH's `images` can hold web addresses only (the schema takes
 * nothing else), so it can neither name nor drop an uploaded photo: those stay where they are, first, and the
 * given addresses replace the other ones. A photo goes by DELETE /api/books/{id}/images/{imageId}, which also
 * deletes its file.
 */
export function withUploadedImages(book: { id: string; images: string[] }, given: string[]): string[] {
  const uploaded = book.images.filter((url) => uploadedImageId(url, book.id));
  const images = [...uploaded, ...given.filter((url) => !uploadedImageId(url, book.id))];
  if (images.length > ImageLimits.maxPerBook) throw invalidField('body.images', ImageMessages.tooMany);
  return images;
}
