import type { EngineKind } from './engine-kind';
import { createReaderWarmUp } from './reader-warm-up';

/* The chunks behind the warm-up: import() here only names them, so this module weighs next to nothing in the
 * chunk that hands it to the Cloud Drives screen (app/), and nothing loads until a file is pointed at. The
 * build-time prerender gets none (as engine-for.tsx: pdf.js cannot even load outside a browser). */
const none = () => Promise.reject(new Error('No reader while prerendering.'));
const ENGINE_CHUNKS: Record<EngineKind, () => Promise<unknown>> = import.meta.env.SSR
  ? { pdf: none, foliate: none, text: none }
  : {
      pdf: () => import('../engines/pdf/pdf-engine'),
      foliate: () => import('../engines/foliate/foliate-engine'),
      text: () => import('../engines/text/text-engine'),
    };
const readerChunk = import.meta.env.SSR ? none : () => import('../pages/reader-screen');
const pdfWarmUp = import.meta.env.SSR ? none : () => import('../engines/pdf/pdf-warmup');
const ignore = () => undefined;

/** The reading feature's `warmReader` for the Cloud Drives screen's slots. */
export const warmReader = createReaderWarmUp({
  loadChunks: (kind) => {
    void readerChunk().catch(ignore);
    void ENGINE_CHUNKS[kind]().catch(ignore);
  },
  warmPdf: (content) => void pdfWarmUp().then((m) => m.warmPdf(content.url), ignore),
  openPdf: (content) => void pdfWarmUp().then((m) => m.openPdfAhead(content), ignore),
});
