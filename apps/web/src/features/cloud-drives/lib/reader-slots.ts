import type { CloudFile } from '@bookshelf/contract';
import type { ComponentType } from 'react';

/*
 * What the Cloud Drives screen hands the reader and the Reading Progress screen (issue 15). Those live in the
 * reading feature; app/ passes them in, so the two features never import each other's components.
 */

export interface ContentProgress {
  loaded: number;
  total: number;
}

/** A file's bytes, as the reader may fetch them. */
export interface FileContentSource {
  /** The same-origin address of the bytes; it answers HTTP range requests (a PDF streams page by page). */
  url: string;
  /** The same bytes as an attachment (the Download buttons). */
  downloadUrl: string;
  /** The whole file through the browser's file cache, reporting progress as it arrives. */
  load: (options?: { signal?: AbortSignal; onProgress?: (progress: ContentProgress) => void }) => Promise<Blob>;
  /** The cached copy, when the cache holds a fresh one (no network). */
  cached: () => Promise<Blob | undefined>;
}

export interface ReaderSlotProps {
  file: CloudFile;
  content: FileContentSource;
  /** Back to the File Browser. */
  onClose: () => void;
}

export interface ReadingProgressSlotProps {
  /** The empty state's Browse Files. */
  onBrowse: () => void;
  /** Opens a file in the reader (recently read files). */
  onOpenFile: (fileId: string) => void;
}

/** Why the reader is told of a file before it opens: pointed at or selected, or opened this moment. */
export type ReaderWarmUp = 'near' | 'open';

export interface CloudDrivesSlots {
  Reader?: ComponentType<ReaderSlotProps>;
  /**
   * Gets the reader ready for a file before it is shown: its chunks, and for a PDF pdf.js's worker and the
   * file's first bytes ('near'), or the document itself ('open'). Must cost nothing for a file it cannot show.
   */
  warmReader?: (file: CloudFile, content: FileContentSource, why: ReaderWarmUp) => void;
  ReadingProgress?: ComponentType<ReadingProgressSlotProps>;
}
