import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './wcag-contrast';

describe('WCAG contrast', () => {
  it('gives the extremes and known pairs', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // As WebAIM's checker gives them: #777 on white is the classic pair just under AA.
    expect(contrastRatio('#6b7280', '#ffffff')).toBeCloseTo(4.83, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('does not depend on the order of the colours', () => {
    expect(contrastRatio('#1e3a5f', '#f8f4ea')).toBe(contrastRatio('#f8f4ea', '#1e3a5f'));
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow();
  });
});
