import type { FileContentSource, ReaderWarmUp } from '../../cloud-drives/public';
import { engineKindOf, type EngineKind } from './engine-kind';

/**
 * How long the pointer rests on a file (or a selection stands) before the reader warms up for it: a pointer
 * sweeping across a grid of PDFs asks nothing of the server; one that stops on a file is about to open it.
 */
export const NEAR_DWELL_MS = 120;

/** What warming up does, injected so the timing rules are tested without chunks or a network. */
export interface WarmUpActions {
  /** The reader's chunk and the engine's for `kind` (each fetched once by the module loader). */
  loadChunks: (kind: EngineKind) => void;
  /** pdf.js's worker and the file's head and tail. */
  warmPdf: (content: FileContentSource) => void;
  /** The document itself, opened now. */
  openPdf: (content: FileContentSource) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * The Cloud Drives screen's `warmReader` slot (decision 060-reader-warm-up): chunks at once for any file the
 * reader shows; for a PDF, the byte warm-up after the dwell, and on open the document at once (a pending
 * warm-up for another file is dropped).
 */
export function createReaderWarmUp({
  loadChunks,
  warmPdf,
  openPdf,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: WarmUpActions) {
  let pending: { fileId: string; timer: unknown } | null = null;
  const cancel = () => {
    if (pending) clearTimer(pending.timer);
    pending = null;
  };
  return (file: { id: string; fileType: string }, content: FileContentSource, why: ReaderWarmUp): void => {
    const kind = engineKindOf(file.fileType);
    if (!kind) return;
    loadChunks(kind);
    if (why === 'open') {
      cancel();
      if (kind === 'pdf') openPdf(content);
      return;
    }
    if (kind !== 'pdf' || pending?.fileId === file.id) return;
    cancel();
    const timer = setTimer(() => {
      pending = null;
      warmPdf(content);
    }, NEAR_DWELL_MS);
    pending = { fileId: file.id, timer };
  };
}
