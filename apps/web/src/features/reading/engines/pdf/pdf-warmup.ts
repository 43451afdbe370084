import { PDFDataRangeTransport, PDFWorker, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import type { FileContentSource } from '../../../cloud-drives/public';
import { parseContentRange, PrefetchedSpans, warmRanges } from './byte-spans';
import { openPdfDocument, RANGE_CHUNK_SIZE } from './pdf-document';

/*
 * The PDF's first page, started before the reader asks for it (decision 060-reader-warm-up). When a PDF is
 * pointed at, focused or selected in the File Browser: pdf.js's worker starts (its 1 MB script and start-up
 * were ~300 ms of every open) and the file's head and tail are fetched in one round trip (the size comes
 * with them, so pdf.js needs no opening request of its own). On the double-click the document opens at once,
 * while the reader's chunk and the saved progress are still on their way; the engine takes it when it mounts.
 */

/** The head: the file's header (and a linearised file's first page dictionary). */
const HEAD_BYTES = RANGE_CHUNK_SIZE;
/** The tail: the trailer and cross-reference table (a 1,000-page file's is 50–200 KB). */
const TAIL_BYTES = 256 * 1024;

interface Prefetched {
  size: number;
  head: Uint8Array;
  spans: PrefetchedSpans;
}

interface Warm {
  url: string;
  controller: AbortController;
  /** null: the server answered without ranges (pdf.js then opens the URL itself). */
  bytes: Promise<Prefetched | null>;
  /** Started by the double-click, until the engine takes it. */
  opening?: Promise<PDFDocumentLoadingTask>;
}

let worker: PDFWorker | null = null;
let warm: Warm | null = null;
/** The document the engine has taken: a late warm-up for it (its chunk arriving after the engine's) is moot. */
let taken: string | null = null;
/**
 * The document the reader last closed, until another file is warmed or it is opened again. Closing puts focus
 * back on its file (and the pointer is often still on it): that is not the reader pointing at it anew, and a
 * warm-up then would start a worker nobody asked for.
 */
let closed: string | null = null;

/**
 * The worker for the next document, started by the warm-up (pdf.js leaves a worker it was handed running when
 * the document is destroyed: endPdfDocument ends it with the reader, as decision 052 has it).
 */
function sharedPdfWorker(): PDFWorker {
  if (!worker || worker.destroyed) worker = new PDFWorker();
  return worker;
}

async function fetchRange(url: string, start: number, end: number, signal: AbortSignal): Promise<Response> {
  return fetch(url, { headers: { range: `bytes=${start}-${end - 1}` }, signal, credentials: 'same-origin' });
}

async function prefetch(url: string, signal: AbortSignal): Promise<Prefetched | null> {
  // The size is not asked for first: the head's answer carries it, and the tail is asked by suffix beside it.
  const [headRes, tailRes] = await Promise.all([
    fetchRange(url, 0, HEAD_BYTES, signal),
    fetch(url, { headers: { range: `bytes=-${TAIL_BYTES}` }, signal, credentials: 'same-origin' }),
  ]);
  const headRange = parseContentRange(headRes.headers.get('content-range'));
  const tailRange = parseContentRange(tailRes.headers.get('content-range'));
  if (headRes.status !== 206 || !headRange) {
    void headRes.body?.cancel();
    void tailRes.body?.cancel();
    return null;
  }
  const size = headRange.size;
  const { tail } = warmRanges(size, { head: HEAD_BYTES, tail: TAIL_BYTES, chunk: RANGE_CHUNK_SIZE });
  const head = new Uint8Array(await headRes.arrayBuffer());
  const spans = new PrefetchedSpans();
  if (tailRes.status === 206 && tailRange && tailRange.size === size) {
    const bytes = new Uint8Array(await tailRes.arrayBuffer());
    // pdf.js asks from chunk boundaries: keep the aligned part of the suffix the server sent.
    if (tail && tail.start >= tailRange.start) spans.add(tail.start, bytes.subarray(tail.start - tailRange.start));
  } else {
    void tailRes.body?.cancel();
  }
  return { size, head, spans };
}

/** Starts the worker and fetches `url`'s head and tail (pointed at, focused or selected), unless it is warm. */
export function warmPdf(url: string): Warm | null {
  if (closed === url) return null;
  closed = null;
  return warmFor(url);
}

/** Idempotent. */
function warmFor(url: string): Warm | null {
  if (taken === url) return null;
  sharedPdfWorker();
  if (warm?.url === url) return warm;
  dropWarm();
  const controller = new AbortController();
  const bytes = prefetch(url, controller.signal).catch(() => null);
  warm = { url, controller, bytes };
  return warm;
}

function dropWarm() {
  if (!warm) return;
  warm.controller.abort();
  // A document opened ahead but never taken (the reader closed before its engine mounted).
  void warm.opening?.then((task) => task.destroy()).catch(() => undefined);
  warm = null;
}

/**
 * pdf.js's byte ranges through our own fetches: the warm-up's head is its first data, its tail answers pdf.js's
 * first request for the end of the file, every other range is one request to the content route.
 */
class ContentRangeTransport extends PDFDataRangeTransport {
  readonly #url: string;
  readonly #spans: PrefetchedSpans;
  readonly #signal: AbortSignal;
  readonly #onFailure: (error: unknown) => void;
  #loaded: number;

  constructor(url: string, bytes: Prefetched, signal: AbortSignal, onFailure: (error: unknown) => void) {
    super(bytes.size, bytes.head);
    this.#url = url;
    this.#spans = bytes.spans;
    this.#signal = signal;
    this.#onFailure = onFailure;
    this.#loaded = bytes.head.byteLength;
  }

  override requestDataRange(begin: number, end: number): void {
    const held = this.#spans.take(begin, end);
    if (held) {
      // pdf.js registers its reader for this range after asking: answer on a later turn.
      queueMicrotask(() => this.#deliver(begin, held));
      return;
    }
    const attempt = (left: number): Promise<void> =>
      fetchRange(this.#url, begin, end, this.#signal)
        .then(async (res) => {
          if (res.status !== 206) throw new Error(`range ${begin}-${end - 1}: ${res.status}`);
          this.#deliver(begin, new Uint8Array(await res.arrayBuffer()));
        })
        .catch((error: unknown) => {
          if (this.#signal.aborted) return;
          if (left > 0) return attempt(left - 1);
          this.#onFailure(error);
        });
    void attempt(1);
  }

  #deliver(begin: number, bytes: Uint8Array) {
    if (this.#signal.aborted) return;
    this.#loaded += bytes.byteLength;
    this.onDataRange(begin, bytes);
    this.onDataProgress(Math.min(this.#loaded, this.length), this.length);
  }
}

async function startOpen(
  url: string,
  content: Pick<FileContentSource, 'cached'>,
  prefetched: Promise<Prefetched | null>,
  controller: AbortController,
): Promise<PDFDocumentLoadingTask> {
  const worker = sharedPdfWorker();
  const cached = await content.cached().catch(() => undefined);
  if (cached) return openPdfDocument({ data: new Uint8Array(await cached.arrayBuffer()) }, worker);
  const bytes = await prefetched;
  if (!bytes) return openPdfDocument({ url }, worker);
  let task: PDFDocumentLoadingTask | null = null;
  const range = new ContentRangeTransport(url, bytes, controller.signal, (error) => {
    console.warn('PDF range failed', error);
    void task?.destroy();
  });
  task = openPdfDocument({ range }, worker);
  // Ends the warm-up's fetches with the document.
  const destroy = task.destroy.bind(task);
  task.destroy = () => {
    controller.abort();
    return destroy();
  };
  return task;
}

/** The double-click: the document starts opening now, from the browser's file cache or the warmed bytes. */
export function openPdfAhead(content: Pick<FileContentSource, 'url' | 'cached'>): void {
  closed = null;
  const entry = warmFor(content.url);
  if (entry) entry.opening ??= startOpen(content.url, content, entry.bytes, entry.controller);
}

/** The reader closed: its document and its worker end; a later warm-up starts another worker. */
export function endPdfDocument(task: PDFDocumentLoadingTask): Promise<void> {
  dropWarm();
  closed = taken;
  taken = null;
  const ending = worker;
  worker = null;
  return task.destroy().finally(() => ending?.destroy());
}

/**
 * The document for the engine: the one opened ahead for this URL, else one opened now (a reload with
 * `?file=`, a file never pointed at). The engine owns it from here and destroys it when it closes.
 */
export function takePdfDocument(content: Pick<FileContentSource, 'url' | 'cached'>): Promise<PDFDocumentLoadingTask> {
  taken = null;
  openPdfAhead(content);
  const entry = warm!;
  warm = null;
  taken = content.url;
  return entry.opening!;
}
