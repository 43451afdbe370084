import { IMAGE_EXTENSIONS, IMAGE_TYPES, ImageLimits, ImageMessages } from '@bookshelf/contract';

/** The pure arithmetic of the photo widget (core.md §5, §9), apart from the canvas that carries it out. */

/**
 * The size each new photo is compressed to: the budget divided by the number of photos the book will have
 * (the spec's rule), and never more than an equal share of what the photos already there leave free.
 */
export function compressionTarget(
  { usedBytes, existingCount, newCount }: { usedBytes: number; existingCount: number; newCount: number },
  budgetBytes: number = ImageLimits.budgetBytes,
): number {
  if (newCount <= 0) return 0;
  const share = budgetBytes / (existingCount + newCount);
  const room = Math.max(0, budgetBytes - usedBytes) / newCount;
  return Math.floor(Math.min(share, room));
}

/** Width and height scaled down (never up) to fit within max width × max height, keeping the proportions. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number = ImageLimits.maxWidth,
  maxHeight: number = ImageLimits.maxHeight,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The JPEG qualities tried in turn: 0.8, 0.7 … 0.1 (rounded, so no 0.30000000000000004). */
export function qualitySteps(): number[] {
  const steps: number[] = [];
  for (let q = ImageLimits.qualityStart; q >= ImageLimits.qualityMin - 1e-9; q -= ImageLimits.qualityStep) {
    steps.push(Math.round(q * 10) / 10);
  }
  return steps;
}

/** Why a picked file cannot be a photo (core.md §8), or undefined when it can. */
export function fileProblem(file: { name: string; type: string; size: number }): string | undefined {
  const name = file.name.toLowerCase();
  const typed = (IMAGE_TYPES as readonly string[]).includes(file.type);
  const named = IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension));
  // A browser that knows the type says so; one that does not (an empty type) is judged by the name.
  if (file.type ? !typed : !named) return ImageMessages.invalidType;
  if (file.size >= ImageLimits.maxOriginalBytes) return ImageMessages.tooLarge;
  return undefined;
}

/** The files that fit in the book's remaining places, in order; the rest are dropped (core.md §5). */
export function takeRoom<T>(files: readonly T[], existingCount: number): { taken: T[]; dropped: number } {
  const room = Math.max(0, ImageLimits.maxPerBook - existingCount);
  return { taken: files.slice(0, room), dropped: Math.max(0, files.length - room) };
}

/** Percent of the budget used, for the storage bar's text (may pass 100 when over the limit). */
export const usedPercent = (usedBytes: number, budgetBytes: number = ImageLimits.budgetBytes) =>
  Math.round((usedBytes / budgetBytes) * 100);
