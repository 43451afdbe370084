import { describe, expect, it } from 'vitest';
import {
  CloudDriveMessages,
  cloudFileId,
  connectionHealth,
  DRIVE_MIME_TYPES,
  fileSizeLabel,
  fileTypeFromName,
  fileTypeOf,
  isReadableFileType,
  needsRefresh,
  normaliseTag,
  providerOfFileId,
  timeAgoLabel,
  uploadRefusal,
} from './cloud-drive-rules.js';

const now = new Date('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('file types', () => {
  it('reads the type from the MIME type first, then the extension', () => {
    expect(fileTypeOf('book', 'application/pdf')).toBe('pdf');
    expect(fileTypeOf('Dune.EPUB', 'application/octet-stream')).toBe('epub');
    expect(fileTypeOf('notes.txt', 'text/plain; charset=utf-8')).toBe('txt');
    expect(fileTypeOf('comic.cbz', null)).toBe('cbz');
    expect(fileTypeOf('photo.jpg', 'image/jpeg')).toBeNull();
    expect(fileTypeFromName('.epub')).toBeNull();
    expect(fileTypeFromName('archive.')).toBeNull();
  });

  it('lists a legacy .doc but does not read it; asks drives for every MIME type', () => {
    expect(fileTypeFromName('old.doc')).toBe('doc');
    expect(isReadableFileType('doc')).toBe(false);
    expect(isReadableFileType('docx')).toBe(true);
    expect(DRIVE_MIME_TYPES).toContain('application/epub+zip');
  });

  it('names the unsupported type in the spec words', () => {
    expect(CloudDriveMessages.unsupportedType('exe')).toBe(
      'Unsupported file type: exe. Supported types: PDF, EPUB, MOBI, plain text, and Word docx and doc (the last two treated as txt).',
    );
  });

  it('refuses a file whose name is a type we take as not valid, never as unsupported (issue 27)', () => {
    expect(uploadRefusal('Quick Start.epub')).toBe('This file is not a valid EPUB');
    expect(uploadRefusal('page.PDF')).toBe('This file is not a valid PDF');
    expect(uploadRefusal('Kindle.azw3')).toBe('This file is not a valid AZW3');
    expect(uploadRefusal('binary.txt')).toBe('This file is not a valid text file');
    expect(uploadRefusal('sheet.xls')).toBe(CloudDriveMessages.unsupportedType('xls'));
    expect(uploadRefusal('README')).toBe(CloudDriveMessages.unsupportedType('unknown'));
  });
});

describe('file ids', () => {
  it('carry their provider', () => {
    expect(cloudFileId('google', 'abc')).toBe('google_abc');
    expect(providerOfFileId('onedrive_1')).toBe('onedrive');
    expect(providerOfFileId('dropbox_1')).toBeNull();
    expect(providerOfFileId('nounderscore')).toBeNull();
  });
});

describe('connection health (core.md §4)', () => {
  it('is Disconnected when inactive, expiring within five minutes, else connected', () => {
    expect(connectionHealth(false, null, now)).toBe('disconnected');
    expect(connectionHealth(true, new Date(now.getTime() + 4 * 60_000), now)).toBe('expiring');
    expect(connectionHealth(true, new Date(now.getTime() + 6 * 60_000), now)).toBe('connected');
    expect(connectionHealth(true, null, now)).toBe('connected');
    expect(needsRefresh(ago(1000), now)).toBe(true);
  });
});

describe('labels (core.md §9)', () => {
  it('tells time as Just now, minutes, hours, days', () => {
    expect(timeAgoLabel(ago(30_000), now)).toBe('Just now');
    expect(timeAgoLabel(ago(60_000), now)).toBe('1 minute ago');
    expect(timeAgoLabel(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(timeAgoLabel(ago(2 * 3_600_000), now)).toBe('2 hours ago');
    expect(timeAgoLabel(ago(3 * 86_400_000), now)).toBe('3 days ago');
  });

  it('scales sizes by 1024 with one decimal', () => {
    expect(fileSizeLabel(512)).toBe('512 B');
    expect(fileSizeLabel(1536)).toBe('1.5 KB');
    expect(fileSizeLabel(5 * 1024 * 1024)).toBe('5.0 MB');
  });

  it('trims tags and drops blank ones', () => {
    expect(normaliseTag('  sci-fi ')).toBe('sci-fi');
    expect(normaliseTag('   ')).toBeNull();
  });
});
