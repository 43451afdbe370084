import { z } from 'zod/mini';
import { textInput } from './wire-values.js';

/** Book photos on the wire (issue 13): what an upload answers and what a book's photo list holds. */

export const BookImageSchema = z.object({
  id: z.string(),
  /** Where the photo is served (BookImagePaths.file); the book's `images` lists the same address. */
  url: z.string(),
  /** Size as stored, after the server re-encoded it; the book's photos share ImageLimits.budgetBytes. */
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
});
export type BookImage = z.infer<typeof BookImageSchema>;

export const BookImageListSchema = z.object({
  /** In the order of the book's `images`. */
  items: z.array(BookImageSchema),
});
export type BookImageList = z.infer<typeof BookImageListSchema>;

export const BookImageParamsSchema = z.object({
  id: z.uuid('Must be a UUID.'),
  imageId: z.uuid('Must be a UUID.'),
});

export const BookImageFileParamsSchema = z.object({
  id: z.uuid('Must be a UUID.'),
  imageId: z.uuid('Must be a UUID.'),
  hash: textInput().check(z.regex(/^[0-9a-f]{64}$/, 'Not a stored image.')),
});

/** `replace`: the photo this upload takes the place of (Enhance Quality), in one step and at its position. */
export const UploadBookImageQuerySchema = z.object({
  replace: z.optional(z.uuid('Must be a UUID.')),
});
