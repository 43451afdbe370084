import { ImageLimits } from '@bookshelf/contract';
import { fitWithin, qualitySteps } from './compression-plan';
import { adjustPixels, COMPRESSION_BOOST, DEFAULT_ENHANCE, ENHANCE_PRESETS, type Adjustment } from './pixel-adjust';
import type { EnhancePreset } from './pixel-adjust';

type Canvas = OffscreenCanvas | HTMLCanvasElement;

/** An OffscreenCanvas where there is one (no layout, no DOM); a detached canvas element otherwise. */
function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The photo upright (by its EXIF orientation), fitted within 800×1200, on white, adjusted. */
async function draw(photo: Blob, adjustment: Adjustment): Promise<Canvas> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = canvasOf(width, height);
    // Each kind of canvas asked for its own 2D context: a call on the union does not pick an overload everywhere.
    const context = canvas instanceof HTMLCanvasElement ? canvas.getContext('2d') : canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const pixels = context.getImageData(0, 0, width, height);
    adjustPixels(pixels.data, adjustment);
    context.putImageData(pixels, 0, 0);
    return canvas;
  } finally {
    bitmap.close();
  }
}

function jpeg(canvas: Canvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Encoding failed'))), 'image/jpeg', quality),
  );
}

/**
 * A photo compressed for upload (core.md §9): fitted within 800×1200 with the gentle boost, then written as
 * JPEG from quality 0.8 down by 0.1 until it is no larger than `targetBytes`, or quality 0.1 is reached.
 * Nothing but the pixels survives the canvas: no EXIF, no GPS position.
 */
export async function compressImage(photo: Blob, targetBytes: number): Promise<Blob> {
  const canvas = await draw(photo, COMPRESSION_BOOST);
  let smallest: Blob | undefined;
  for (const quality of qualitySteps()) {
    const blob = await jpeg(canvas, quality);
    if (!smallest || blob.size < smallest.size) smallest = blob;
    if (blob.size <= targetBytes) return blob;
  }
  return smallest!;
}

/** Enhance Quality: the preset's contrast, brightness and saturation, written at JPEG quality 0.9. */
export async function enhanceImage(photo: Blob, preset: EnhancePreset = DEFAULT_ENHANCE): Promise<Blob> {
  return jpeg(await draw(photo, ENHANCE_PRESETS[preset]), ImageLimits.enhanceQuality);
}
