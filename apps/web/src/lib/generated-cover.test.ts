import { describe, expect, it } from 'vitest';
import {
  COVER_PALETTES,
  COVER_PATTERNS,
  coverDesign,
  hashText,
  patternBackground,
  titleSizeCqw,
} from './generated-cover';
import { contrastRatio } from './wcag-contrast';

describe('generated cover palettes', () => {
  it.each(COVER_PALETTES.map((palette) => [palette.name, palette] as const))(
    '%s: text has at least 4.5:1 contrast on the ground and on the pattern',
    (_name, palette) => {
      expect(contrastRatio(palette.text, palette.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(palette.text, palette.pattern)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('has no two palettes of the same ground', () => {
    expect(new Set(COVER_PALETTES.map((p) => p.background)).size).toBe(COVER_PALETTES.length);
  });
});

describe('coverDesign', () => {
  it('always gives one title the same design', () => {
    expect(coverDesign('The Left Hand of Darkness')).toEqual(coverDesign('The Left Hand of Darkness'));
    expect(coverDesign('  the left  hand of DARKNESS ')).toEqual(coverDesign('The Left Hand of Darkness'));
    expect(coverDesign('Cafe\u0301')).toEqual(coverDesign('Café'));
  });

  it('spreads titles over every palette and every pattern', () => {
    const designs = Array.from({ length: 400 }, (_, i) => coverDesign(`Book number ${i}`));
    expect(new Set(designs.map((d) => d.palette.name)).size).toBe(COVER_PALETTES.length);
    expect(new Set(designs.map((d) => d.pattern)).size).toBe(COVER_PATTERNS.length);
    // No palette takes more than twice its fair share.
    for (const palette of COVER_PALETTES) {
      const share = designs.filter((d) => d.palette === palette).length / designs.length;
      expect(share).toBeLessThan(2 / COVER_PALETTES.length);
    }
  });

  it('hashes with FNV-1a over UTF-8', () => {
    expect(hashText('')).toBe(0x811c9dc5);
    expect(hashText('a')).toBe(0xe40c292c);
    expect(hashText('📚')).not.toBe(hashText('\uFFFD'));
  });
});

describe('patternBackground', () => {
  it.each(COVER_PATTERNS)('%s draws in the palette colour', (pattern) => {
    expect(patternBackground(pattern, '#123456').backgroundImage).toContain('#123456');
  });
});

describe('titleSizeCqw', () => {
  it('keeps the full size for titles of short words', () => {
    expect(titleSizeCqw('The Road')).toBe(12);
    expect(titleSizeCqw('A Brief History of Time')).toBe(12);
  });

  it('sets a title with a long word smaller, so the word is not broken', () => {
    expect(titleSizeCqw('Neuromancer')).toBeLessThan(12);
    expect(titleSizeCqw('Neuromancer') * 0.55 * 'Neuromancer'.length).toBeLessThanOrEqual(70);
    expect(titleSizeCqw('Extraordinarily Long')).toBeLessThan(titleSizeCqw('Neuromancer'));
  });

  it('never goes below a readable size, even for a word without end', () => {
    expect(titleSizeCqw('Supercalifragilisticexpialidocious-and-more')).toBe(6.5);
  });
});
