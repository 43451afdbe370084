import type { DecodeHintType } from '@zxing/library';

/**
 * Reads EAN-13 barcodes from the camera's picture or a photo (issue 12). The browser's own BarcodeDetector
 * does it where the browser has one that reads EAN-13; elsewhere ZXing's JavaScript port does, fetched with a
 * dynamic import() only then, so it is never part of any page's first download.
 */
export interface BarcodeReader {
  /** Scans the playing video's frames, calling `onCode` with each code read; returns the function that stops. */
  fromVideo(video: HTMLVideoElement, onCode: (raw: string) => void): () => void;
  /** The codes found in a picture; none is an empty list. */
  fromImage(file: File): Promise<string[]>;
}

/** Frames scanned per second at most: enough to feel instant, little enough to spare a phone's battery. */
const SCANS_PER_SECOND = 8;
const SCAN_INTERVAL_MS = 1000 / SCANS_PER_SECOND;

// The Barcode Detection API is not in TypeScript's DOM library yet: the little of it used here.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorConstructor {
  new (options?: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const Detector = await nativeDetector();
  return Detector ? nativeReader(new Detector({ formats: ['ean_13'] })) : zxingReader();
}

/** The browser's BarcodeDetector when it reads EAN-13 (some builds have the class but no formats). */
async function nativeDetector(): Promise<BarcodeDetectorConstructor | null> {
  if (!('BarcodeDetector' in window)) return null;
  const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorConstructor }).BarcodeDetector;
  try {
    return (await Detector.getSupportedFormats()).includes('ean_13') ? Detector : null;
  } catch {
    return null;
  }
}

function nativeReader(detector: BarcodeDetectorInstance): BarcodeReader {
  return {
    fromVideo(video, onCode) {
      let stopped = false;
      let frame = 0;
      let last = -Infinity;
      let detecting = false;
      const tick = (now: number) => {
        if (stopped) return;
        frame = requestAnimationFrame(tick);
        if (detecting || now - last < SCAN_INTERVAL_MS) return;
        last = now;
        detecting = true;
        detector
          .detect(video)
          .then((codes) => {
            for (const code of codes) if (!stopped) onCode(code.rawValue);
          })
          // A frame that cannot be read (the video not yet playing, say) is skipped; the next one is tried.
          .catch(() => undefined)
          .finally(() => {
            detecting = false;
          });
      };
      frame = requestAnimationFrame(tick);
      return () => {
        stopped = true;
        cancelAnimationFrame(frame);
      };
    },
    async fromImage(file) {
      const bitmap = await createImageBitmap(file);
      try {
        return (await detector.detect(bitmap)).map((code) => code.rawValue);
      } finally {
        bitmap.close();
      }
    },
  };
}

async function zxingReader(): Promise<BarcodeReader> {
  const [{ BrowserMultiFormatReader }, zxing] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const { BarcodeFormat, ChecksumException, FormatException, NotFoundException } = zxing;
  // EAN-13 alone: a book's barcode is one, and trying no other symbology reads faster and misreads less.
  const hints = new Map<DecodeHintType, unknown>([[zxing.DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13]]]);
  const reader = new BrowserMultiFormatReader(hints, {
    delayBetweenScanAttempts: SCAN_INTERVAL_MS,
    delayBetweenScanSuccess: SCAN_INTERVAL_MS,
  });
  // What ZXing throws for a picture without a readable code, as against a picture it could not load.
  const noCode = (error: unknown) =>
    error instanceof NotFoundException || error instanceof ChecksumException || error instanceof FormatException;

  return {
    fromVideo(video, onCode) {
      let stopped = false;
      let stopScan: (() => void) | null = null;
      reader
        .decodeFromVideoElement(video, (result) => {
          if (result && !stopped) onCode(result.getText());
        })
        .then((controls) => {
          if (stopped) controls.stop();
          else stopScan = () => controls.stop();
        })
        // The video would not play: the preview stays, and a photo or the typed ISBN still work.
        .catch(() => undefined);
      return () => {
        stopped = true;
        stopScan?.();
      };
    },
    async fromImage(file) {
      const url = URL.createObjectURL(file);
      try {
        return [(await reader.decodeFromImageUrl(url)).getText()];
      } catch (error) {
        if (noCode(error)) return [];
        throw error;
      } finally {
        URL.revokeObjectURL(url);
      }
    },
  };
}
