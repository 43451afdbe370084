import { DRIVE_FILE_TYPE_INFO, type CloudFile } from '@bookshelf/contract';
import { readableFb2 } from './fb2-text';

/**
 * The bytes as the File foliate opens: it tells a comic (CBZ) and FictionBook from an EPUB by name or type, and
 * a drive's file name may lack the extension, so the type comes from the file's kind. A FictionBook is first made
 * parseable whole (fb2-text.ts).
 */
export async function bookFile(bytes: Blob, file: Pick<CloudFile, 'name' | 'fileType'>): Promise<File> {
  const type = DRIVE_FILE_TYPE_INFO[file.fileType].mimeTypes[0] ?? bytes.type;
  if (file.fileType === 'fb2') {
    return new File([readableFb2(new Uint8Array(await bytes.arrayBuffer()))], file.name, { type });
  }
  return new File([bytes], file.name, { type });
}

/** The type foliate is told for a file of this kind. */
export const bookFileType = (file: Pick<CloudFile, 'fileType'>, fallback = ''): string =>
  DRIVE_FILE_TYPE_INFO[file.fileType].mimeTypes[0] ?? fallback;
