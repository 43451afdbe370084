import { describe, expect, it } from 'vitest';
import { CreateBookRequestSchema } from './books.js';
import { IsbnParamsSchema } from './lookup.js';
import { manualCoverSources } from './lookup-rules.js';

describe('ISBN lookup rules', () => {
  it('offers at most four manual cover sources and a web search of title, author and "book cover"', () => {
    const { sources, webSearch } = manualCoverSources({ title: 'Dune', author: 'Frank Herbert', isbn: null });
    expect(sources).toHaveLength(4);
    expect(new URL(webSearch).searchParams.get('q')).toBe('Dune Frank Herbert book cover');
    for (const source of sources) expect(source.url).toMatch(/^https:\/\//);
  });

  it('lets a book keep a stored cover path or a web address, and nothing else', () => {
    const cover = (coverUrl: string) =>
      CreateBookRequestSchema.safeParse({ title: 'T', author: 'A', coverUrl }).success;
    expect(cover(`/api/covers/${'0'.repeat(64)}`)).toBe(true);
    expect(cover('https://example.org/c.jpg')).toBe(true);
    expect(cover('/api/covers/../../etc/passwd')).toBe(false);
    expect(cover('javascript:alert(1)')).toBe(false);
  });

  it('accepts an ISBN with hyphens and refuses a wrong check digit or an overlong value', () => {
    expect(IsbnParamsSchema.safeParse({ isbn: '0-439-02348-3' }).success).toBe(true);
    expect(IsbnParamsSchema.safeParse({ isbn: '9780439023482' }).success).toBe(false);
    expect(IsbnParamsSchema.safeParse({ isbn: `${'-'.repeat(50)}9780439023481` }).success).toBe(false);
  });
});
