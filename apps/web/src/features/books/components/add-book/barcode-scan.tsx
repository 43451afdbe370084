import { ISBN_MESSAGE, normalizeIsbn } from '@bookshelf/contract';
import { Camera, CameraOff, CircleAlert, ImageUp, Search } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../../components/ui/form-styles';
import { isbnFromBarcode } from './barcode-isbn';
import { createBarcodeReader, type BarcodeReader } from './barcode-reader';

export interface BarcodeScanProps {
  /** A book's ISBN-13 (13 bare digits), read from the camera or a photo, or typed. */
  onIsbn: (isbn: string) => void;
}

const Messages = {
  starting: 'Starting the camera…',
  scanning: 'Camera on. Hold the barcode on the back cover inside the frame, steady and well lit.',
  stopped: 'Camera off.',
  readingPhoto: 'Reading the photo…',
  notABook: "That barcode is not a book's ISBN (it should start with 978 or 979).",
  denied: "Camera access was denied. Allow it in your browser's settings, or use a photo or type the ISBN.",
  unavailable:
    'This page cannot use the camera here (it needs a secure https:// address and a browser that allows it). Use a photo or type the ISBN.',
  noCamera: 'No camera was found. Use a photo or type the ISBN.',
  busy: 'The camera is in use by another app. Close that app and try again, or use a photo or type the ISBN.',
  cameraFailed: 'The camera could not be started. Try again, or use a photo or type the ISBN.',
  noCodeInPhoto: 'No barcode found in that photo. Try a sharper, closer picture.',
  photoUnreadable: 'That picture could not be read. Try another photo, or type the ISBN.',
  found: (isbn: string) => `Found ISBN ${isbn}. Looking it up…`,
};

type Status = { tone: 'info' | 'error'; text: string } | null;
const info = (text: string): Status => ({ tone: 'info', text });
const problem = (text: string): Status => ({ tone: 'error', text });

/** What to tell someone whose camera would not start, by the DOMException getUserMedia rejected with. */
function cameraProblem(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
      return Messages.denied;
    case 'SecurityError':
      return Messages.unavailable;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return Messages.noCamera;
    case 'NotReadableError':
    case 'AbortError':
      return Messages.busy;
    default:
      return Messages.cameraFailed;
  }
}

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

/** The panel's barcode reader, made once and kept in `cache` (a failed one, ZXing's download say, is tried anew). */
function readerIn(cache: RefObject<Promise<BarcodeReader> | null>): Promise<BarcodeReader> {
  if (!cache.current) {
    const made = createBarcodeReader();
    cache.current = made;
    made.catch(() => {
      if (cache.current === made) cache.current = null;
    });
  }
  return cache.current;
}

/**
 * Barcode Scan (core.md §2, issue 12): the camera reads the EAN-13 on a book's back cover, or a photo of it is
 * read, or the ISBN is typed; a book's ISBN goes to `onIsbn` for the lookup. The camera opens only when asked,
 * and closes when stopped, when a book's barcode is read, and when the panel goes away.
 */
export function BarcodeScan({ onIsbn }: BarcodeScanProps) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);
  const [readingPhoto, setReadingPhoto] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const alive = useRef(true);
  const barcodeReader = useRef<Promise<BarcodeReader> | null>(null);
  const id = useId();

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  function found(isbn: string) {
    setStream(null);
    setStatus(info(Messages.found(isbn)));
    onIsbn(isbn);
  }

  /** A code read from the camera; true when it was a book's, which ends the scan. */
  const takeCode = useEffectEvent((raw: string): boolean => {
    const isbn = isbnFromBarcode(raw);
    if (isbn) found(isbn);
    else setStatus(problem(Messages.notABook));
    return isbn !== null;
  });

  const readerFailed = useEffectEvent(() => setStatus(problem(Messages.cameraFailed)));

  // While the camera runs: show it and scan its frames. Ending (stop, a book found, unmount) stops the tracks.
  useEffect(() => {
    const element = video.current;
    if (!stream || !element) return;
    element.srcObject = stream;
    element.play().catch(() => undefined);
    let ended = false;
    let stopScan: (() => void) | null = null;
    readerIn(barcodeReader).then(
      (barcodes) => {
        if (ended) return;
        stopScan = barcodes.fromVideo(element, (raw) => {
          if (!ended && takeCode(raw)) {
            ended = true;
            stopScan?.();
          }
        });
      },
      () => {
        if (!ended) readerFailed();
      },
    );
    return () => {
      ended = true;
      stopScan?.();
      element.srcObject = null;
      stopTracks(stream);
    };
  }, [stream]);

  async function startCamera() {
    const media = navigator.mediaDevices as MediaDevices | undefined;
    if (typeof media?.getUserMedia !== 'function') {
      setStatus(problem(Messages.unavailable));
      return;
    }
    setStarting(true);
    setStatus(info(Messages.starting));
    // The reader (ZXing, where the browser has no detector of its own) loads while the camera is asked for.
    void readerIn(barcodeReader);
    try {
      const opened = await media.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      if (!alive.current) {
        stopTracks(opened);
        return;
      }
      setStream(opened);
      setStatus(info(Messages.scanning));
    } catch (error) {
      if (alive.current) setStatus(problem(cameraProblem(error)));
    } finally {
      if (alive.current) setStarting(false);
    }
  }

  function stopCamera() {
    setStream(null);
    setStatus(info(Messages.stopped));
  }

  async function readPhoto(file: File | undefined) {
    if (!file) return;
    setReadingPhoto(true);
    setStatus(info(Messages.readingPhoto));
    try {
      const codes = await (await readerIn(barcodeReader)).fromImage(file);
      if (!alive.current) return;
      const isbn = codes.map((code) => isbnFromBarcode(code)).find((code) => code !== null);
      if (isbn) found(isbn);
      else setStatus(problem(codes.length ? Messages.notABook : Messages.noCodeInPhoto));
    } catch {
      if (alive.current) setStatus(problem(Messages.photoUnreadable));
    } finally {
      if (alive.current) setReadingPhoto(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!typed.trim()) return;
    const isbn = normalizeIsbn(typed);
    if (!isbn) {
      setFieldError(ISBN_MESSAGE);
      return;
    }
    setFieldError(null);
    found(isbn);
  }

  return (
    <section aria-label="Barcode Scan" className="space-y-5">
      <p className="text-sm text-gray-600 dark:text-gray-400">
        Point your camera at the barcode on the back cover and the book is looked up by its ISBN. No camera? Scan a
        photo of the barcode, or type the ISBN.
      </p>

      {(stream || starting) && (
        <div className="relative aspect-video w-full max-w-[480px] overflow-hidden rounded-lg bg-gray-900 dark:bg-black">
          <video
            ref={video}
            playsInline
            muted
            autoPlay
            aria-label="Camera preview"
            className="size-full object-cover"
          />
          {/* Where to hold the barcode: an EAN-13 is wide and short. */}
          <div
            aria-hidden
            className="pointer-events-none absolute inset-x-[12%] inset-y-[28%] rounded-md border-2 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.3)]"
          />
        </div>
      )}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {/* One button that changes, so focus stays on it when the camera starts or stops. */}
        {stream ? (
          <button type="button" className={secondaryButtonClass} onClick={stopCamera}>
            <CameraOff aria-hidden className="size-4" />
            Stop camera
          </button>
        ) : (
          <button type="button" className={primaryButtonClass} disabled={starting} onClick={() => void startCamera()}>
            <Camera aria-hidden className="size-4" />
            {starting ? 'Starting camera...' : 'Start camera'}
          </button>
        )}
        <label
          className={`${secondaryButtonClass} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-500 ${
            readingPhoto ? 'pointer-events-none opacity-60' : ''
          }`}
        >
          <ImageUp aria-hidden className="size-4" />
          Scan from a photo
          <input
            type="file"
            accept="image/*"
            disabled={readingPhoto}
            className="sr-only"
            onChange={(event) => {
              void readPhoto(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      </div>

      <div aria-live="polite" role="status" className="min-h-5 text-sm">
        {status && (
          <p
            className={
              status.tone === 'error'
                ? 'flex items-start gap-2 text-red-700 dark:text-red-300'
                : 'text-gray-700 dark:text-gray-300'
            }
          >
            {status.tone === 'error' && <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />}
            <span>{status.text}</span>
          </p>
        )}
      </div>

      <form
        aria-label="Type the ISBN"
        onSubmit={submit}
        noValidate
        className="space-y-1.5 border-t border-gray-200 pt-5 dark:border-gray-800"
      >
        <label htmlFor={`${id}-isbn`} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
          ISBN
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-isbn`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="978-0-439-02348-1"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-isbn-help${fieldError ? ` ${id}-isbn-error` : ''}`}
            className={inputClass}
          />
          <button type="submit" className={`${secondaryButtonClass} shrink-0`} disabled={!typed.trim()}>
            <Search aria-hidden className="size-4" />
            Look up
          </button>
        </div>
        <p id={`${id}-isbn-help`} className="text-xs text-gray-500 dark:text-gray-400">
          Can&apos;t scan it? Type the digits printed above or below the barcode; hyphens and spaces are fine.
        </p>
        {fieldError && (
          <p id={`${id}-isbn-error`} className="text-sm text-red-600 dark:text-red-400">
            {fieldError}
          </p>
        )}
      </form>
    </section>
  );
}
