import { z } from 'zod/mini';

/**
 * Keyset ("cursor") paging for feeds and long lists (decision 020): the answer carries an opaque
 * `nextCursor`, null on the last page, and the next request sends it back as `?cursor=`. Unlike offset
 * paging, a page never skips or repeats an item when rows are added or removed in front of it.
 */
export const keysetPageSchema = <Item extends z.core.$ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
export type KeysetPage<Item> = { items: Item[]; nextCursor: string | null };

/** A cursor is opaque to clients; its length is capped so a hostile one costs nothing to refuse. */
export const CURSOR_MAX_LENGTH = 6000;
export const CursorSchema = z.string().check(z.maxLength(CURSOR_MAX_LENGTH, 'The cursor is too long.'));
