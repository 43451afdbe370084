import { z } from 'zod/mini';
import { textInput } from './wire-values.js';
import { DEFAULT_ACCOUNT_ID } from './book-rules.js';

/**
 * The `:id` of every route that names one resource by its UUID. An id that is not a UUID can name nothing:
 * it answers 400 "Invalid params.id: …" before any query runs (PostgreSQL would refuse to cast it), and
 * tells the caller nothing about what exists.
 */
export const IdParamsSchema = z.object({ id: z.uuid('Must be a UUID.') });
export type IdParams = z.infer<typeof IdParamsSchema>;

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Account ids are per user: the built-in `default-personal`, or the UUID an added account was given. */
export const AccountIdParamsSchema = z.object({
  id: textInput().check(
    z.refine((id) => id === DEFAULT_ACCOUNT_ID || UUID_SHAPE.test(id), `Must be ${DEFAULT_ACCOUNT_ID} or a UUID.`),
  ),
});
