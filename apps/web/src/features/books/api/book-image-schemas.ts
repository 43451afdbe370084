/* The photo answers' schemas, loaded with the first answer so zod stays out of the details page's download. */
import { z } from 'zod/mini';

export { BookImageListSchema, BookImageSchema } from '@bookshelf/contract';
/** DELETE answers 204 with no body. */
export const NoContentSchema = z.undefined();
