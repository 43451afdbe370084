import { strToU8, zipSync, type Zippable } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { noisyPngImage, pngImage } from './images.js';

/*
 * Real book files, made at test time (no network, no fixtures in git): the reader's tests, journeys and
 * benchmarks open what these write with the same libraries a reader's own files go through.
 */

const VOCABULARY = (
  'the reader turned a page and the lamp flickered while rain kept falling on the old library roof ' +
  'every shelf held a story waiting for someone patient enough to open it again tonight'
).split(' ');

/** `count` words of plain prose, the same every time for the same `offset`. */
export function bookWords(count: number, offset = 0): string {
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) words.push(VOCABULARY[(offset + i * 7) % VOCABULARY.length]!);
  return words.join(' ');
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface PdfOptions {
  pages: number;
  /** Text under each page's "Page N" heading: fixed, or per page (1-based). */
  textPerPage?: string | ((page: number) => string);
  title?: string;
  /**
   * Makes the whole file about this many bytes with incompressible pictures on the pages after the first, as a
   * scanned book is: a reader that fetched the whole file before page 1 would show how long that takes.
   */
  targetBytes?: number;
}

/** A PDF of `pages` Letter pages, each headed with the selectable text "Page N". */
export async function makePdf({
  pages,
  textPerPage,
  title = 'Generated PDF',
  targetBytes = 0,
}: PdfOptions): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${n}`, { x: 72, y: 700, size: 28, font });
    const text = typeof textPerPage === 'function' ? textPerPage(n) : textPerPage;
    if (text) page.drawText(text, { x: 72, y: 650, size: 12, font, maxWidth: 468, lineHeight: 16 });
  }
  if (targetBytes > 0 && pages > 1) {
    const text = (await doc.save()).length;
    const pictures = paddingImages(targetBytes - text);
    for (const [i, picture] of pictures.entries()) {
      const image = await doc.embedPng(picture);
      const n = 2 + Math.floor((i * (pages - 1)) / pictures.length);
      doc.getPage(n - 1).drawImage(image, { x: 72, y: 200, width: 400, height: 400 });
    }
  }
  return asBuffer(await doc.save());
}

/** The global a book's script would set if it ever ran (makeEpub's `withScript`): tests assert it never is. */
export const BOOK_SCRIPT_MARKER = '__bookScriptRan';

export interface EpubOptions {
  chapters: number;
  wordsPerChapter?: number;
  title?: string;
  /** Adds an inline script, an external script and an event handler that would set BOOK_SCRIPT_MARKER. */
  withScript?: boolean;
  /**
   * Makes the whole file about this many bytes with incompressible pictures (noise PNGs of at most 1 MiB, shown
   * in the chapters after the first), so a "20 MB EPUB" really is 20 MB on the wire.
   */
  targetBytes?: number;
}

const MIB = 1024 * 1024;

/** Splits `total` bytes of pictures into square noise PNGs of at most 1 MiB each. */
function paddingImages(total: number): Buffer[] {
  const images: Buffer[] = [];
  for (let left = total, seed = 1; left > 4096; seed += 1) {
    const bytes = Math.min(MIB, left);
    // Each pixel is 3 bytes plus a filter byte per row; deflate cannot shrink noise.
    const side = Math.max(8, Math.floor(Math.sqrt(bytes / 3)));
    const image = noisyPngImage(side, side, seed);
    images.push(image);
    left -= image.length;
  }
  return images;
}

const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const EPUB_NS = 'http://www.idpf.org/2007/ops';

function chapterXhtml(n: number, body: string, head = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="${XHTML_NS}" xmlns:epub="${EPUB_NS}" lang="en" xml:lang="en">
<head><meta charset="UTF-8"/><title>Chapter ${n}</title>${head}</head>
<body>
<section epub:type="chapter" id="chapter-${n}">
<h1>Chapter ${n}</h1>
${body}
</section>
</body>
</html>
`;
}

/** Paragraphs of about 100 words. */
function paragraphs(words: number, offset: number): string {
  const out: string[] = [];
  for (let done = 0; done < words; done += 100)
    out.push(`<p>${bookWords(Math.min(100, words - done), offset + done)}</p>`);
  return out.join('\n');
}

/** A valid EPUB 3: mimetype stored first, container.xml, the package document, a nav document and chapters. */
export function makeEpub({
  chapters,
  wordsPerChapter = 500,
  title = 'Generated EPUB',
  withScript = false,
  targetBytes = 0,
}: EpubOptions): Buffer {
  if (targetBytes > 0) {
    // The text alone first, then pictures for the rest (each one's zip entry adds a few dozen bytes).
    const text = epubZip({ chapters, wordsPerChapter, title, withScript, images: [] }).length;
    return epubZip({ chapters, wordsPerChapter, title, withScript, images: paddingImages(targetBytes - text) });
  }
  return epubZip({ chapters, wordsPerChapter, title, withScript, images: [] });
}

function epubZip({
  chapters,
  wordsPerChapter,
  title,
  withScript,
  images,
}: Required<Omit<EpubOptions, 'targetBytes'>> & { images: Buffer[] }): Buffer {
  const files: Zippable = {
    // Stored, first, with no extra field: what EPUB readers (and our upload sniffer) look for.
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`),
  };
  const manifest: string[] = ['<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'];
  const spine: string[] = [];
  const navItems: string[] = [];
  for (let n = 1; n <= chapters; n += 1) {
    const scripted = withScript && n === 1;
    const pictures = images
      .map((_, i) => i)
      .filter((i) => chapters > 1 && (i % (chapters - 1)) + 2 === n)
      .map((i) => `<p><img src="images/picture-${i + 1}.png" alt="Picture ${i + 1}"/></p>`)
      .join('\n');
    const script = scripted
      ? `<p id="script-target">Scripts in books never run.</p>
<img src="images/missing.png" alt="" onerror="window.top.${BOOK_SCRIPT_MARKER}='onerror'"/>
<script>window.top.${BOOK_SCRIPT_MARKER}='inline';</script>`
      : '';
    const head = scripted ? '<script src="scripts/book.js"></script>' : '';
    files[`OEBPS/chapter-${n}.xhtml`] = strToU8(
      chapterXhtml(n, `${script}\n${paragraphs(wordsPerChapter, n * 13)}\n${pictures}`, head),
    );
    manifest.push(
      `<item id="chapter-${n}" href="chapter-${n}.xhtml" media-type="application/xhtml+xml"${scripted ? ' properties="scripted"' : ''}/>`,
    );
    spine.push(`<itemref idref="chapter-${n}"/>`);
    navItems.push(`<li><a href="chapter-${n}.xhtml">Chapter ${n}</a></li>`);
  }
  images.forEach((image, i) => {
    // Stored: deflating noise only costs time.
    files[`OEBPS/images/picture-${i + 1}.png`] = [image, { level: 0 }];
    manifest.push(`<item id="picture-${i + 1}" href="images/picture-${i + 1}.png" media-type="image/png"/>`);
  });
  if (withScript) {
    files['OEBPS/scripts/book.js'] = strToU8(`window.top.${BOOK_SCRIPT_MARKER} = 'external';\n`);
    manifest.push('<item id="book-script" href="scripts/book.js" media-type="application/javascript"/>');
  }
  files['OEBPS/nav.xhtml'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="${XHTML_NS}" xmlns:epub="${EPUB_NS}" lang="en" xml:lang="en">
<head><meta charset="UTF-8"/><title>Contents</title></head>
<body>
<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>
${navItems.join('\n')}
</ol></nav>
</body>
</html>
`);
  files['OEBPS/content.opf'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:uuid:6f1d2c1e-0c7b-4f4e-9a51-${String(chapters).padStart(12, '0')}</dc:identifier>
    <dc:title>${escapeXml(title)}</dc:title>
    <dc:creator>Bookshelf Tests</dc:creator>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    ${manifest.join('\n    ')}
  </manifest>
  <spine>
    ${spine.join('\n    ')}
  </spine>
</package>
`);
  return asBuffer(zipSync(files));
}

export interface CbzOptions {
  /** How many pages (small PNGs of different colours). */
  images: number;
}

/** A comic book archive: a zip of page images in reading order. */
export function makeCbz({ images }: CbzOptions): Buffer {
  const files: Zippable = {};
  for (let i = 1; i <= images; i += 1) {
    const shade = (i * 40) % 200;
    files[`page-${String(i).padStart(3, '0')}.png`] = [pngImage(60, 90, [shade + 40, 120, 200 - shade]), { level: 0 }];
  }
  return asBuffer(zipSync(files));
}

export interface Fb2Options {
  sections: number;
  wordsPerSection?: number;
  title?: string;
}

/** A FictionBook 2 document with a title and `sections` sections. */
export function makeFb2({ sections, wordsPerSection = 300, title = 'Generated FB2' }: Fb2Options): Buffer {
  const body: string[] = [];
  for (let n = 1; n <= sections; n += 1) {
    const paras: string[] = [];
    for (let done = 0; done < wordsPerSection; done += 100) {
      paras.push(`<p>${bookWords(Math.min(100, wordsPerSection - done), n * 11 + done)}</p>`);
    }
    body.push(`<section><title><p>Section ${n}</p></title>${paras.join('')}</section>`);
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><genre>prose</genre><author><first-name>Bookshelf</first-name><last-name>Tests</last-name></author>
<book-title>${escapeXml(title)}</book-title><lang>en</lang></title-info>
<document-info><id>bookshelf-fb2-${sections}</id><version>1.0</version></document-info></description>
<body><title><p>${escapeXml(title)}</p></title>${body.join('\n')}</body>
</FictionBook>
`,
    'utf8',
  );
}

export interface DocxOptions {
  /** How many generated paragraphs, or the paragraphs' texts. */
  paragraphs: number | readonly string[];
}

/** The smallest valid Word document: [Content_Types].xml, _rels/.rels and word/document.xml. */
export function makeDocx({ paragraphs: given }: DocxOptions): Buffer {
  const texts = typeof given === 'number' ? Array.from({ length: given }, (_, i) => bookWords(60, i * 5)) : given;
  const body = texts.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`).join('');
  return asBuffer(
    zipSync({
      '[Content_Types].xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`),
      '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`),
      'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`),
    }),
  );
}

export type TextOptions = ({ words: number } | { bytes: number }) & {
  /** Words per line (lines end with \n); 12 by default. */
  wordsPerLine?: number;
};

/** Plain UTF-8 text of `words` words, or of as many whole lines as fit in `bytes`. */
export function makeText(options: TextOptions): Buffer {
  const { wordsPerLine = 12 } = options;
  const lines: string[] = [];
  if ('words' in options) {
    for (let done = 0; done < options.words; done += wordsPerLine) {
      lines.push(bookWords(Math.min(wordsPerLine, options.words - done), done));
    }
  } else {
    for (let size = 0, done = 0; ; done += wordsPerLine) {
      const line = bookWords(wordsPerLine, done);
      if (size + line.length + 1 > options.bytes) break;
      lines.push(line);
      size += line.length + 1;
    }
  }
  return Buffer.from(lines.length > 0 ? `${lines.join('\n')}\n` : '', 'utf8');
}

export interface MobiOptions {
  chapters: number;
  wordsPerChapter?: number;
  title?: string;
}

const TEXT_RECORD_SIZE = 4096;
const MOBI_HEADER_LENGTH = 232;

/**
 * A MOBI (version 6) book: a Palm database whose first record holds the PalmDOC and MOBI headers and whose
 * text records hold the HTML uncompressed (PalmDOC compression 1), chapters split by <mbp:pagebreak/>.
 */
export function makeMobi({ chapters, wordsPerChapter = 300, title = 'Generated MOBI' }: MobiOptions): Buffer {
  const chapterHtml = Array.from(
    { length: chapters },
    (_, i) => `<h1>Chapter ${i + 1}</h1>${paragraphs(wordsPerChapter, (i + 1) * 17)}`,
  );
  const html = Buffer.from(
    `<html><head><guide></guide></head><body>${chapterHtml.join('<mbp:pagebreak/>')}</body></html>`,
    'utf8',
  );
  const textRecords: Buffer[] = [];
  for (let at = 0; at < html.length; at += TEXT_RECORD_SIZE) {
    textRecords.push(html.subarray(at, at + TEXT_RECORD_SIZE));
  }
  const titleBytes = Buffer.from(title, 'utf8');
  // Record 0: the PalmDOC header (16 bytes), the MOBI header, then the full title.
  const record0 = Buffer.alloc(16 + MOBI_HEADER_LENGTH + titleBytes.length + 4);
  record0.writeUInt16BE(1, 0); // no compression
  record0.writeUInt32BE(html.length, 4);
  record0.writeUInt16BE(textRecords.length, 8);
  record0.writeUInt16BE(TEXT_RECORD_SIZE, 10);
  record0.write('MOBI', 16, 'latin1');
  record0.writeUInt32BE(MOBI_HEADER_LENGTH, 20);
  record0.writeUInt32BE(2, 24); // a book
  record0.writeUInt32BE(65001, 28); // UTF-8
  record0.writeUInt32BE(0x5eed, 32); // unique id
  record0.writeUInt32BE(6, 36); // file version
  record0.fill(0xff, 40, 80); // no orthographic, inflection, names, keys or extra indexes
  const firstNonText = textRecords.length + 1;
  record0.writeUInt32BE(firstNonText, 80);
  record0.writeUInt32BE(16 + MOBI_HEADER_LENGTH, 84); // full name offset
  record0.writeUInt32BE(titleBytes.length, 88);
  record0.writeUInt32BE(9, 92); // locale: English
  record0.writeUInt32BE(6, 104); // minimum reader version
  record0.writeUInt32BE(firstNonText, 108); // first image record (there are none)
  record0.writeUInt32BE(0, 112); // no HUFF/CDIC
  record0.writeUInt32BE(0, 116);
  record0.writeUInt32BE(0, 128); // no EXTH
  record0.fill(0xff, 164, 168); // no DRM
  record0.writeUInt32BE(0, 240); // no trailing entries after text records
  record0.writeUInt32BE(0xffffffff, 244); // no NCX index
  titleBytes.copy(record0, 16 + MOBI_HEADER_LENGTH);
  const eof = Buffer.from([0xe9, 0x8e, 0x0d, 0x0a]);
  const records = [record0, ...textRecords, eof];

  const header = Buffer.alloc(78);
  header.write(title.replace(/[^\x20-\x7e]/g, '_').slice(0, 31), 0, 'latin1');
  const now = Math.floor(Date.UTC(2024, 0, 1) / 1000) + 2_082_844_800; // Palm epoch: 1904
  header.writeUInt32BE(now, 36);
  header.writeUInt32BE(now, 40);
  header.write('BOOK', 60, 'latin1');
  header.write('MOBI', 64, 'latin1');
  header.writeUInt32BE(records.length * 2 - 1, 68);
  header.writeUInt16BE(records.length, 76);
  const list = Buffer.alloc(records.length * 8 + 2); // + the customary two bytes of padding
  let offset = header.length + list.length;
  records.forEach((record, i) => {
    list.writeUInt32BE(offset, i * 8);
    list.writeUInt32BE(i * 2, i * 8 + 4); // attributes 0, unique id
    offset += record.length;
  });
  return Buffer.concat([header, list, ...records]);
}
