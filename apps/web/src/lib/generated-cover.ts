/**
 * The look of a book without a cover: a palette and a pattern chosen from a hash of the title, so one book
 * always looks the same everywhere (grid, list, dashboard, details) and two books rarely look alike.
 * See docs/decisions/012-generated-covers.md.
 */

export interface CoverPalette {
  name: string;
  /** The cover's ground, and the panel the title sits on. */
  background: string;
  /** The pattern drawn on the ground; text may sit on it too, in the small covers. */
  pattern: string;
  /** Title, author and initials: ≥ 4.5:1 against both colours above (tested). */
  text: string;
}

/** Six dark and six light grounds, like cloth and paper bindings; each text colour passes WCAG AA on both. */
export const COVER_PALETTES: readonly CoverPalette[] = [
  { name: 'navy', background: '#1e3a5f', pattern: '#2b4c78', text: '#f8f4ea' },
  { name: 'forest', background: '#1f4d3a', pattern: '#2a5f49', text: '#f4f1e6' },
  { name: 'burgundy', background: '#6b1d2a', pattern: '#7e2a38', text: '#fbefe6' },
  { name: 'plum', background: '#4a2545', pattern: '#5c3157', text: '#f6eaf3' },
  { name: 'terracotta', background: '#8f3a20', pattern: '#a0472b', text: '#fff7ef' },
  { name: 'teal', background: '#0f4c4c', pattern: '#1b5e5e', text: '#e9f7f4' },
  { name: 'charcoal', background: '#2a2c31', pattern: '#3a3d44', text: '#f3e3c3' },
  { name: 'ochre', background: '#f1d49b', pattern: '#e6c27a', text: '#3a2808' },
  { name: 'sage', background: '#d3e2cc', pattern: '#bfd4b6', text: '#1d311c' },
  { name: 'sky', background: '#d4e4f4', pattern: '#bcd3ec', text: '#112d4a' },
  { name: 'rose', background: '#f3d3d3', pattern: '#e9bcbc', text: '#481521' },
  { name: 'sand', background: '#ece4d4', pattern: '#dcd0b8', text: '#2e2a22' },
];

export const COVER_PATTERNS = ['stripes', 'dots', 'grid', 'checks', 'arc', 'band'] as const;
export type CoverPattern = (typeof COVER_PATTERNS)[number];

export interface CoverDesign {
  palette: CoverPalette;
  pattern: CoverPattern;
}

/** FNV-1a, 32 bits: tiny, stable across browsers and releases, and spreads short titles well enough. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (const unit of new TextEncoder().encode(text)) {
    hash ^= unit;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The design for a title; case, spacing and Unicode normal form do not change it. */
export function coverDesign(title: string): CoverDesign {
  const hash = hashText(title.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase());
  // Palette and pattern read different bits, so books of one colour do not all share one pattern.
  const palette = COVER_PALETTES[hash % COVER_PALETTES.length]!;
  const pattern = COVER_PATTERNS[(hash >>> 16) % COVER_PATTERNS.length]!;
  return { palette, pattern };
}

/**
 * The pattern as CSS backgrounds in percentages of the cover, so it scales from a 40 px thumbnail to the
 * details page. The cover keeps a 2:3 shape, so 8 % across is 12 % × 2/3 down: the cells stay square.
 */
export function patternBackground(
  pattern: CoverPattern,
  color: string,
): { backgroundImage: string; backgroundSize?: string } {
  switch (pattern) {
    case 'stripes':
      return { backgroundImage: `repeating-linear-gradient(135deg, ${color} 0 4%, transparent 4% 8%)` };
    case 'dots':
      return {
        backgroundImage: `radial-gradient(circle, ${color} 0 30%, transparent 32%)`,
        backgroundSize: '12.5% 8.333%',
      };
    case 'grid':
      return {
        backgroundImage: `linear-gradient(to right, ${color} 0 12%, transparent 12%), linear-gradient(${color} 0 12%, transparent 12%)`,
        backgroundSize: '16.667% 11.111%',
      };
    case 'checks':
      return {
        backgroundImage: `conic-gradient(${color} 0 25%, transparent 0 50%, ${color} 0 75%, transparent 0)`,
        backgroundSize: '25% 16.667%',
      };
    case 'arc':
      return {
        backgroundImage: `radial-gradient(circle at 100% 100%, ${color} 0 30%, transparent 30.5% 42%, ${color} 42.5% 50%, transparent 50.5%)`,
      };
    case 'band':
      return {
        backgroundImage: `linear-gradient(to bottom, transparent 0 72%, ${color} 72% 76%, transparent 76% 80%, ${color} 80%)`,
      };
  }
}

/** The title's type size at most, in cover widths (cqw): three or four short words to a line. */
const TITLE_MAX_CQW = 12;
/**
 * A serif semibold letter is about 0.55 em wide and the title's box about 70 cqw, so a word of n letters fits
 * on one line at 70 / (0.55 n) ≈ 127 / n cqw; 120 leaves a margin. Breaking inside a word ("Neuromance / r")
 * is left for words so long that the type would get unreadably small.
 */
const TITLE_FIT_CQW = 120;
const TITLE_MIN_CQW = 6.5;

/** The title's type size in cqw: as large as the longest word allows without breaking it. */
export function titleSizeCqw(title: string): number {
  const longest = Math.max(1, ...title.split(/\s+/).map((word) => [...word].length));
  return Math.max(TITLE_MIN_CQW, Math.min(TITLE_MAX_CQW, TITLE_FIT_CQW / longest));
}
