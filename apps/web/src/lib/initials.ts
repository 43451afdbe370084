/**
 * Letters drawn from names and titles, split by grapheme (what a reader sees as one character), never by UTF-16
 * unit: `"📚".charAt(0)` is half a surrogate pair and draws as "\uFFFD", and "🇫🇷" or "é" written as e + ◌́ are
 * more than one code point.
 */

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** The graphemes of `text`; code points where the browser has no Intl.Segmenter, which still never splits a pair. */
export function graphemes(text: string): string[] {
  if (!segmenter) return Array.from(text);
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** The first grapheme of `text`, or '' when it is empty. */
export function firstGrapheme(text: string): string {
  if (!segmenter) return Array.from(text)[0] ?? '';
  for (const part of segmenter.segment(text)) return part.segment;
  return '';
}

const startsWithLetterOrDigit = (word: string) => /^[\p{L}\p{N}]/u.test(word);

/**
 * Up to two initials: the first and last word's first letters ("Ada Lovelace" → "AL", "ada" → "A"). Words that
 * start with neither a letter nor a digit (an emoji, a dash) are passed over, unless there is nothing else.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const lettered = words.filter(startsWithLetterOrDigit);
  const chosen = lettered.length > 0 ? lettered : words;
  const picked = chosen.length > 1 ? [chosen[0]!, chosen[chosen.length - 1]!] : chosen;
  return picked.map((word) => firstGrapheme(word).toLocaleUpperCase()).join('') || '?';
}
