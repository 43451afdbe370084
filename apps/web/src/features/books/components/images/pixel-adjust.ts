/**
 * Contrast, brightness and saturation on RGBA pixels, done by hand rather than with the canvas `filter`
 * property, which Safari does not apply: every browser then gives the same photo.
 */
export interface Adjustment {
  /** 1 leaves each as it is. */
  contrast: number;
  brightness: number;
  saturation: number;
}

/** The gentle boost every photo gets as it is compressed (core.md §9). */
export const COMPRESSION_BOOST: Adjustment = { contrast: 1.05, brightness: 1.02, saturation: 1.05 };

export const ENHANCE_PRESETS = {
  light: { contrast: 1.08, brightness: 1.03, saturation: 1.08 },
  medium: { contrast: 1.15, brightness: 1.06, saturation: 1.15 },
  strong: { contrast: 1.3, brightness: 1.1, saturation: 1.3 },
} as const satisfies Record<string, Adjustment>;
export type EnhancePreset = keyof typeof ENHANCE_PRESETS;
/** The preset the Enhance Quality button uses (core.md §9). */
export const DEFAULT_ENHANCE: EnhancePreset = 'medium';

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));

/** Adjusts `pixels` (RGBA, as ImageData holds them) in place; alpha is left alone. */
export function adjustPixels(pixels: Uint8ClampedArray, { contrast, brightness, saturation }: Adjustment): void {
  for (let i = 0; i < pixels.length; i += 4) {
    let r = pixels[i]! * brightness;
    let g = pixels[i + 1]! * brightness;
    let b = pixels[i + 2]! * brightness;
    // Contrast about mid-grey, then saturation about the pixel's own luminance (Rec. 709 weights).
    r = (r - 128) * contrast + 128;
    g = (g - 128) * contrast + 128;
    b = (b - 128) * contrast + 128;
    const grey = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    pixels[i] = clamp(grey + (r - grey) * saturation);
    pixels[i + 1] = clamp(grey + (g - grey) * saturation);
    pixels[i + 2] = clamp(grey + (b - grey) * saturation);
  }
}
