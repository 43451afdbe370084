/** Tests only: drive rows written straight into the database, as a sync would have left them. */
import { randomUUID } from 'node:crypto';
import { cloudFileId, CloudDrivePaths, type DriveFileType, type DriveProvider } from '@bookshelf/contract';
import type { Database } from '../../../db/client.js';
import { driveConnections, driveFiles } from '../../../db/schema/index.js';

export async function seedConnection(
  db: Database,
  userId: string | null,
  options: { provider?: DriveProvider; accountName?: string; isActive?: boolean } = {},
): Promise<string> {
  const [row] = await db
    .insert(driveConnections)
    .values({
      userId,
      provider: options.provider ?? 'google',
      accountName: options.accountName ?? 'Drive',
      externalAccountId: options.provider === 'google' || !options.provider ? randomUUID() : null,
      isActive: options.isActive ?? true,
    })
    .returning({ id: driveConnections.id });
  return row!.id;
}

export async function seedFiles(
  db: Database,
  connectionId: string,
  names: string[],
  options: {
    provider?: DriveProvider;
    fileType?: DriveFileType;
    isDeleted?: boolean;
    hasThumbnail?: boolean;
    size?: number;
  } = {},
): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = names.map((name) => ({
    id: cloudFileId(options.provider ?? 'google', randomUUID()),
    connectionId,
    externalId: randomUUID(),
    name,
    fileType: options.fileType ?? 'pdf',
    size: options.size ?? 1000,
    modifiedAt: new Date('2024-05-01T10:00:00Z'),
    hasThumbnail: options.hasThumbnail ?? false,
    isDeleted: options.isDeleted ?? false,
  }));
  await db.insert(driveFiles).values(rows);
  return rows.map((r) => r.id);
}

export const filePath = (template: string, id: string, tag?: string) =>
  template.replace('{id}', encodeURIComponent(id)).replace('{tag}', encodeURIComponent(tag ?? ''));

export const filesUrl = (query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${CloudDrivePaths.files}?${search}` : CloudDrivePaths.files;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A zip of stored (uncompressed) entries, in order, with its central directory: enough for EPUB, DOCX, CBZ. */
export function zipOf(entries: [name: string, content: string | Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Tiny but real-looking book files of each type we take. */
export const books = {
  pdf: (size = 1000) => {
    const body = Buffer.alloc(size);
    for (let i = 0; i < size; i += 1) body[i] = (i * 7) & 0xff;
    Buffer.from('%PDF-1.7\n').copy(body);
    return body;
  },
  epub: () =>
    zipOf([
      ['mimetype', 'application/epub+zip'],
      [
        'META-INF/container.xml',
        '<?xml version="1.0"?><container><rootfiles><rootfile full-path="OEBPS/content.opf"/></rootfiles></container>',
      ],
      ['OEBPS/content.opf', '<package/>'],
    ]),
  docx: (padding = 0) =>
    zipOf([
      ['[Content_Types].xml', '<Types/>'],
      ...(padding > 0 ? ([['word/media/image1.png', Buffer.alloc(padding, 1)]] as [string, Buffer][]) : []),
      ['word/document.xml', '<w:document/>'],
    ]),
  cbz: () => zipOf([['page-001.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])]]),
  mobi: (version = 6) => {
    const bytes = Buffer.alloc(400);
    Buffer.from('My Book').copy(bytes);
    Buffer.from('BOOKMOBI').copy(bytes, 60);
    bytes.writeUInt32BE(96, 78); // record 0
    Buffer.from('MOBI').copy(bytes, 96 + 16);
    bytes.writeUInt32BE(version, 96 + 16 + 20); // the MOBI header's file version
    return bytes;
  },
  fb2: () =>
    Buffer.from(
      '\ufeff<?xml version="1.0" encoding="utf-8"?>\n<!-- a book -->\n' +
        '<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><body/></FictionBook>',
    ),
  doc: () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  txt: () => Buffer.from('Chapter 1\nIt was a dark and stormy night — “quoted”.\n'),
};

/** A multipart/form-data body for app.inject(). */
export function multipartForm(parts: { name: string; content: Buffer | string; field?: string; type?: string }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----bookshelf${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
