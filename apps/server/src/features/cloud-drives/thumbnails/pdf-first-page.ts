import { createRequire } from 'node:module';
import path from 'node:path';
import type * as CanvasModule from '@napi-rs/canvas';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ReadRange } from './zip-archive.js';

/**
 * A PDF's first page as a PNG, rendered on the server by pdf.js's legacy build in Node with @napi-rs/canvas
 * (decision 056-thumbnails): the same engine the reader uses, no system packages. The file is read by
 * ranges as pdf.js asks for them, so a 1,000-page scan costs its cross-reference table and first page, not
 * its whole length. Scripts never run (`isEvalSupported: false`, SECURITY.md), and no font is fetched from
 * anywhere but pdf.js's own package.
 */

/** Pixels of the longer side: a 3:4 grid card is at most about 200 px wide at 2× density. */
export const RENDER_HEIGHT = 480;
/** A page rendered bigger than this (a poster's mediabox) is scaled down to it. */
const MAX_PIXELS = 4_000_000;
const RANGE_CHUNK = 64 * 1024;
/** A page that takes longer than this to draw (a pathological file) gets no thumbnail. */
const RENDER_TIMEOUT_MS = 30_000;

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const dir = (name: string) => `${path.join(pdfjsRoot, name)}${path.sep}`;

type PdfJs = typeof PdfJsModule;
let engines: Promise<[PdfJs, typeof CanvasModule]> | undefined;
/** Loaded on the first PDF only: start-up and idle memory stay as they were (Skia and pdf.js are large). */
const loadEngines = () =>
  (engines ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('@napi-rs/canvas')]));

export async function renderPdfFirstPage(
  size: number,
  readRange: ReadRange,
  signal: AbortSignal,
): Promise<Buffer | null> {
  const [{ getDocument, PDFDataRangeTransport }, { createCanvas }] = await loadEngines();
  const transport = new PDFDataRangeTransport(size, null);
  const task = getDocument({
    range: transport,
    length: size,
    rangeChunkSize: RANGE_CHUNK,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: dir('standard_fonts'),
    cMapUrl: dir('cmaps'),
    cMapPacked: true,
    wasmUrl: dir('wasm'),
    iccUrl: dir('iccs'),
    verbosity: 0,
  });
  // pdf.js cannot be told a range failed, and a destroyed document's promises may never settle: every wait
  // below races this one, which a failed read, an abort or the time limit rejects.
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined); // a failure after the last wait is no one's to hear
  const timer = setTimeout(() => fail(new Error('the PDF took too long to render')), RENDER_TIMEOUT_MS);
  const settle = <T>(work: Promise<T>) => Promise.race([work, failed]);
  transport.requestDataRange = (begin: number, end: number) => {
    readRange(begin, end - 1).then(
      (chunk) => transport.onDataRange(begin, new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
      fail,
    );
  };
  const onAbort = () => fail(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const document = await settle(task.promise);
    const page = await settle(document.getPage(1));
    const natural = page.getViewport({ scale: 1 });
    let scale = RENDER_HEIGHT / Math.max(natural.width, natural.height, 1);
    const pixels = natural.width * natural.height * scale * scale;
    if (pixels > MAX_PIXELS) scale *= Math.sqrt(MAX_PIXELS / pixels);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
    const context = canvas.getContext('2d');
    // A page with no background of its own is paper-white, not transparent.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas is what pdf.js itself draws with in Node; its types are not the DOM's it declares.
    const parameters = { canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0];
    await settle(page.render(parameters).promise);
    return await canvas.encode('png');
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    // Not awaited: a document that lost its data may never finish being destroyed.
    void task.destroy().catch(() => undefined);
  }
}
