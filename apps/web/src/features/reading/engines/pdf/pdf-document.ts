import {
  getDocument,
  GlobalWorkerOptions,
  version,
  type PDFDataRangeTransport,
  type PDFDocumentLoadingTask,
  type PDFWorker,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// The worker is a file of its own on our origin: the page's CSP lets 'self' start it (no blob: worker). One is
// started ahead and shared by the page's documents (pdf-warmup.ts).
GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the build copies pdf.js's character maps, standard fonts and JPEG 2000 decoder (vite.config.ts). */
const ASSETS = new URL(`${import.meta.env.BASE_URL}assets/pdfjs-${version}/`, document.baseURI).href;

/** Range requests of 256 KiB: a page's objects in a few round trips, without fetching the whole file. */
export const RANGE_CHUNK_SIZE = 256 * 1024;

/** Bytes at hand, a URL pdf.js fetches ranges of itself, or our own range fetches (pdf-warmup.ts). */
export type PdfSource = { data: Uint8Array } | { url: string } | { range: PDFDataRangeTransport };

/**
 * Starts loading a document. By ranges, pdf.js asks for those it needs and only those (no streaming, no
 * background fetching), so page 1 of a 1,000-page file shows long before the rest would have arrived.
 */
export function openPdfDocument(source: PdfSource, worker?: PDFWorker): PDFDocumentLoadingTask {
  return getDocument({
    ...source,
    ...(worker ? { worker } : {}),
    disableAutoFetch: true,
    disableStream: true,
    rangeChunkSize: RANGE_CHUNK_SIZE,
    // A PDF's fonts are drawn without compiling code from the file (and the CSP allows no eval).
    isEvalSupported: false,
    // The CSP has no 'wasm-unsafe-eval': pdf.js's JavaScript decoders instead of its WebAssembly ones.
    useWasm: false,
    cMapUrl: `${ASSETS}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${ASSETS}standard_fonts/`,
    wasmUrl: `${ASSETS}wasm/`,
    enableXfa: false,
  });
}
