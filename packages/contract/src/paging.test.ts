import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { CURSOR_MAX_LENGTH, CursorSchema, keysetPageSchema } from './paging.js';

describe('keyset pages', () => {
  const Page = keysetPageSchema(z.object({ id: z.string() }));

  it('reads items with a next cursor, or null on the last page', () => {
    expect(Page.parse({ items: [{ id: 'a' }], nextCursor: 'abc' })).toEqual({
      items: [{ id: 'a' }],
      nextCursor: 'abc',
    });
    expect(Page.parse({ items: [], nextCursor: null }).nextCursor).toBeNull();
    expect(Page.safeParse({ items: [{ id: 1 }], nextCursor: null }).success).toBe(false);
    expect(Page.safeParse({ items: [] }).success).toBe(false);
  });

  it('refuses a cursor past its length cap', () => {
    expect(CursorSchema.safeParse('x'.repeat(CURSOR_MAX_LENGTH)).success).toBe(true);
    expect(CursorSchema.safeParse('x'.repeat(CURSOR_MAX_LENGTH + 1)).success).toBe(false);
  });
});
