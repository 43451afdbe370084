/** What one book service says about an ISBN, before merging; any field may be missing. */
export interface BookFacts {
  title?: string | undefined;
  authors: string[];
  publisher?: string | undefined;
  publishedYear?: number | undefined;
  pages?: number | undefined;
  description?: string | undefined;
  subjects: string[];
  /** Google Books' volume id, from which its cover is fetched. */
  volumeId?: string | undefined;
}

/** The first plausible year in a free-text date ("October 1, 1988", "2008-09-14", "c1999"). */
export function yearOf(date: string | undefined): number | undefined {
  const match = date ? /(?:^|\D)(1[4-9]\d\d|20\d\d)(?:\D|$)/.exec(date) : null;
  return match ? Number(match[1]) : undefined;
}

/** Trimmed text with runs of whitespace made one space; undefined when nothing is left. */
export function tidy(text: string | undefined | null): string | undefined {
  const value = text?.replace(/\s+/g, ' ').trim();
  return value ? value : undefined;
}

/** Plain text from the little HTML some descriptions carry (<p>, <br>, <b>), entities decoded. */
export function plainText(html: string | undefined): string | undefined {
  if (!html) return undefined;
  const text = html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) =>
      name === 'amp'
        ? '&'
        : name === 'lt'
          ? '<'
          : name === 'gt'
            ? '>'
            : name === 'quot'
              ? '"'
              : name === 'nbsp'
                ? ' '
                : "'",
    );
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);
  return paragraphs.length ? paragraphs.join('\n\n') : undefined;
}
