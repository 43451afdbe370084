import { describe, expect, it } from 'vitest';
import { adjustPixels, COMPRESSION_BOOST, ENHANCE_PRESETS } from './pixel-adjust';

const pixel = (r: number, g: number, b: number, a = 255) => new Uint8ClampedArray([r, g, b, a]);
const NONE = { contrast: 1, brightness: 1, saturation: 1 };

describe('adjustPixels', () => {
  it('leaves pixels as they are with every factor 1', () => {
    const p = pixel(12, 130, 250, 77);
    adjustPixels(p, NONE);
    expect([...p]).toEqual([12, 130, 250, 77]);
  });

  it('brightens, spreads contrast about mid-grey and saturates colour, leaving alpha alone', () => {
    const bright = pixel(100, 100, 100, 9);
    adjustPixels(bright, { ...NONE, brightness: 1.1 });
    expect([...bright]).toEqual([110, 110, 110, 9]);

    const dark = pixel(100, 100, 100);
    const light = pixel(200, 200, 200);
    adjustPixels(dark, { ...NONE, contrast: 1.5 });
    adjustPixels(light, { ...NONE, contrast: 1.5 });
    expect(dark[0]).toBe(86); // 128 + (100 − 128) × 1.5
    expect(light[0]).toBe(236);

    const colour = pixel(200, 100, 100);
    adjustPixels(colour, { ...NONE, saturation: 1.5 });
    expect(colour[0]).toBeGreaterThan(200);
    expect(colour[1]).toBeLessThan(100);
    // Grey has no colour to saturate.
    const grey = pixel(90, 90, 90);
    adjustPixels(grey, { ...NONE, saturation: 2 });
    expect([...grey]).toEqual([90, 90, 90, 255]);
  });

  it('clamps to 0..255', () => {
    const p = pixel(250, 5, 128);
    adjustPixels(p, { contrast: 3, brightness: 1.2, saturation: 3 });
    expect(p[0]).toBe(255);
    expect(p[1]).toBe(0);
  });

  it('has presets from light to strong, each stronger than the compression boost', () => {
    const { light, medium, strong } = ENHANCE_PRESETS;
    for (const key of ['contrast', 'brightness', 'saturation'] as const) {
      expect(COMPRESSION_BOOST[key]).toBeLessThan(light[key]);
      expect(light[key]).toBeLessThan(medium[key]);
      expect(medium[key]).toBeLessThan(strong[key]);
    }
  });
});
