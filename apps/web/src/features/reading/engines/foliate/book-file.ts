import { DRIVE_FILE_TYPE_INFO, type CloudFile } from '@bookshelf/contract';

/**
 * The bytes as the File foliate opens: it tells a comic (CBZ) and FictionBook from an EPUB by name or type, and
 * a drive's file name may lack the extension, so the type comes from the file's kind.
 */
export function bookFile(bytes: Blob, file: Pick<CloudFile, 'name' | 'fileType'>): File {
  const type = DRIVE_FILE_TYPE_INFO[file.fileType].mimeTypes[0] ?? bytes.type;
  return new File([bytes], file.name, { type });
}
