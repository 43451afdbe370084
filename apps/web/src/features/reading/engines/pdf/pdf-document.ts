import { getDocument, GlobalWorkerOptions, version, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// The worker is a file of its own on our origin: the page's CSP lets 'self' start it (no blob: worker), and
// every document gets its own, ended with the document (loadingTask.destroy()).
GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the build copies pdf.js's character maps, standard fonts and JPEG 2000 decoder (vite.config.ts). */
const ASSETS = new URL(`${import.meta.env.BASE_URL}assets/pdfjs-${version}/`, document.baseURI).href;

/** Range requests of 256 KiB: a page's objects in a few round trips, without fetching the whole file. */
export const RANGE_CHUNK_SIZE = 256 * 1024;

export type PdfSource = { data: Uint8Array } | { url: string };

/**
 * Starts loading a document. From a URL, pdf.js asks for byte ranges and only those it needs (no streaming, no
 * background fetching), so page 1 of a 1,000-page file shows long before the rest would have arrived.
 */
export function openPdfDocument(
  source: PdfSource,
  onProgress?: (progress: { loaded: number; total: number }) => void,
): PDFDocumentLoadingTask {
  const task = getDocument({
    ...source,
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
  if (onProgress) {
    task.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
      if (total > 0) onProgress({ loaded: Math.min(loaded, total), total });
    };
  }
  return task;
}
