import type { DriveFileType } from '@bookshelf/contract';

/** Which renderer draws a file: pdf.js, foliate-js (reflowable books and comics) or plain text. */
export type EngineKind = 'pdf' | 'foliate' | 'text';

const KINDS: Partial<Record<DriveFileType, EngineKind>> = {
  pdf: 'pdf',
  epub: 'foliate',
  mobi: 'foliate',
  azw3: 'foliate',
  fb2: 'foliate',
  cbz: 'foliate',
  txt: 'text',
  docx: 'text',
};

/** null: the reader shows Unsupported Format (an old binary .doc, or anything new). */
export const engineKindOf = (fileType: string): EngineKind | null => KINDS[fileType as DriveFileType] ?? null;

/** Font size, font family and page or scroll mode mean something only where text reflows. */
export const hasTextSettings = (kind: EngineKind | null): boolean => kind === 'foliate' || kind === 'text';
